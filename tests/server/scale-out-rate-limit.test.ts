import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
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

/** A TCP relay to the real Redis that the test can cut: refused (Redis down) or black-holed (Redis hung). */
async function redisRelay(target: URL) {
  let mode: 'pass' | 'hang' | 'down' = 'pass';
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    client.on('error', () => undefined);
    // Down: every connection is dropped at once, as by a Redis that is not there.
    if (mode === 'down') return void client.destroy();
    if (mode === 'hang') return void sockets.add(client);
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    // Hung: bytes stop flowing both ways, the connections stay up.
    client.on('data', (chunk) => mode === 'pass' && upstream.write(chunk));
    upstream.on('data', (chunk) => mode === 'pass' && client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    hang: () => void (mode = 'hang'),
    down: () => {
      mode = 'down';
      for (const s of sockets) s.destroy();
    },
    up: () => void (mode = 'pass'),
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

describe.skipIf(!redisUrl)('a Redis outage (needs REDIS_URL)', () => {
  it('neither hangs the API nor ends the process: requests pass while Redis hangs or is down, and counting resumes when it is back', async () => {
    const relay = await redisRelay(new URL(redisUrl!));
    const dir = mkdtempSync(join(tmpdir(), 'brisk-redis-down-'));
    // SQLite; the simulator on, so the socket.io adapter publishes all through the outage.
    const child = await startServerProcess({ DATA_DIR: dir, DATABASE_URL: undefined, REDIS_URL: relay.url, SIMULATOR: 'on', STATIC_DIR: join(dir, 'no-dist') });
    const menu = async () => {
      const started = Date.now();
      const response = await fetch(`${child.url}/api/menu?lang=en`, { signal: AbortSignal.timeout(5_000) });
      return { status: response.status, ms: Date.now() - started, limit: response.headers.get('x-ratelimit-remaining') };
    };
    try {
      expect((await menu()).status).toBe(200);
      relay.hang();
      const hung = await menu();
      expect(hung.status).toBe(200);
      expect(hung.ms).toBeLessThan(2_000);
      relay.down();
      // Past ioredis's retries for what the adapter queued (about 10 s): the process must still be up.
      for (const until = Date.now() + 13_000; Date.now() < until; await new Promise((r) => setTimeout(r, 1_000))) {
        expect((await menu()).status).toBe(200);
        expect(child.proc.exitCode).toBeNull();
      }
      relay.up();
      // Back: the counts are kept in Redis again (the remaining budget falls from one answer to the next).
      await expect.poll(async () => {
        const [a, b] = [await menu(), await menu()];
        return a.status === 200 && b.status === 200 && Number(a.limit) - Number(b.limit) === 1;
      }, { timeout: 20_000, interval: 500 }).toBe(true);
    } finally {
      await killProcess(child);
      await relay.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
