import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { call, killProcess, startServerProcess, type ServerProcess } from './helpers/server-process.ts';

/** TEST_CLOCK lets tests move a running server's time forward; a production configuration refuses it. */
describe('the test clock', () => {
  it('is refused with NODE_ENV=production, a public HOST or TRUST_PROXY, and off by default', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'on' }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: 'on', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK=on is refused/);
    expect(() => loadConfig({ TEST_CLOCK: 'on', HOST: '0.0.0.0' })).toThrow(/loopback HOST/);
    expect(() => loadConfig({ TEST_CLOCK: 'on', TRUST_PROXY: 'on' })).toThrow(/no TRUST_PROXY/);
  });

  const dirs: string[] = [];
  const children: ServerProcess[] = [];
  afterAll(async () => {
    for (const child of children) await killProcess(child);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string | undefined>) => {
    const dir = mkdtempSync(join(tmpdir(), 'brisk-clock-'));
    dirs.push(dir);
    const child = await startServerProcess({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, REDIS_URL: undefined, STATIC_DIR: join(dir, 'no-dist'), ...env });
    children.push(child);
    return child;
  };

  it('moves a running server forward by a day, and only forward', async () => {
    const child = await start({ TEST_CLOCK: 'on' });
    const before = await call<{ now: string }>(child, '/api/dev/clock', {}, undefined, 'GET');
    expect(before.type).toBe('ok');
    const moved = await call<{ now: string }>(child, '/api/dev/clock', { advance_ms: String(86_400_000) });
    expect(moved.type).toBe('ok');
    if (moved.type !== 'ok' || before.type !== 'ok') return;
    const gainedMs = Date.parse(moved.message.now) - Date.parse(before.message.now);
    expect(gainedMs).toBeGreaterThanOrEqual(86_400_000);
    expect(gainedMs).toBeLessThan(86_400_000 + 60_000);
    for (const bad of ['-1000', '1.5', 'abc', String(400 * 86_400_000)]) {
      expect(await call(child, '/api/dev/clock', { advance_ms: bad, lang: 'fra' })).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', message: 'Paramètre incorrect' });
    }
  });

  it('does not exist without TEST_CLOCK', async () => {
    const child = await start({ TEST_CLOCK: undefined });
    const response = await fetch(`${child.url}/api/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'advance_ms=1000' });
    expect(response.status).toBe(404);
  });
});
