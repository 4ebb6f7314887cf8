import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killProcess, startServerProcess, withPg, type ServerProcess } from './helpers/server-process.ts';

/**
 * The API's per-IP rate limit on PostgreSQL + Redis: two real server processes on one schema and
 * one Redis (as behind a load balancer) grant an address one budget between them, not one each.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;
const redisUrl = process.env.REDIS_URL || undefined;
const schema = `brisk_r_${randomBytes(6).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'brisk-rate-'));
const BUDGET = 12;

const children: ServerProcess[] = [];

describe.skipIf(!databaseUrl || !redisUrl)('the rate limit across processes (needs DATABASE_URL and REDIS_URL)', () => {
  beforeAll(async () => {
    await withPg(databaseUrl, (c) => c.query(`create schema ${schema}`));
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, REDIS_URL: redisUrl, STATIC_DIR: join(dataDir, 'no-dist'), RATE_LIMIT_PER_MIN: String(BUDGET) };
    // One at a time: the second must find the schema migrated and the engine lock taken.
    children.push(await startServerProcess(env));
    children.push(await startServerProcess(env));
  }, 120_000);

  afterAll(async () => {
    for (const child of children) await killProcess(child);
    if (databaseUrl) await withPg(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts requests to either process against one budget, and refuses the rest with the localised envelope', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 6; i += 1) {
      const child = children[i % 2]!;
      statuses.push((await fetch(`${child.url}/api/menu?lang=en`)).status);
    }
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(statuses.slice(BUDGET)).toEqual(Array(6).fill(429));
    // Refused on both processes, with the contract's code.
    for (const child of children) {
      const over = await fetch(`${child.url}/api/menu?lang=fra`);
      expect(over.status).toBe(429);
      expect(await over.json()).toMatchObject({ type: 'error', code: 'COMMON.RATE_LIMITED' });
    }
  });
});
