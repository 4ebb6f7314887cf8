import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesPosition, FuturesSubmitResult, OptionOrder } from '../../contract/api/contracts.ts';
import type { Envelope, Page } from '../../contract/envelope.ts';

/**
 * Restart: the server runs as a child process on a temp DATA_DIR (SQLite), is killed (SIGKILL, no
 * clean shutdown) with an option about to expire and positions open; while it is down an operator
 * moves the marks (`ops mark`, which the CLI writes to the database); when it comes back the option
 * settles once against the first mark after its expiry, the take-profit fires and the liquidation
 * happens. A third start proves nothing is settled twice.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'brisk-restart-'));
const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', SIMULATOR: 'off', RATES_URL: 'off', LOG_LEVEL: 'info', STATIC_DIR: join(dataDir, 'no-dist'), OPERATOR: 'restart-test' };
delete childEnv.DATABASE_URL;
delete childEnv.DATABASE_SCHEMA;

let port = 0;
let child: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function startChild(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader, so a SIGKILL reaches the server (the tsx wrapper would leave it running).
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env: { ...childEnv, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Brisk is ready')) { clearTimeout(timer); resolve(proc); }
    });
    proc.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited ${code}:\n${output}`)); });
  });
}

function stop(proc: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!proc || proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.removeAllListeners('exit');
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ['server/src/ops/cli.ts', ...args], { cwd: ROOT, env: { ...childEnv, LOG_LEVEL: 'silent' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function api<T>(path: string, data: Record<string, string | number> = {}, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))).toString(),
  });
  return (await response.json()) as Envelope<T>;
}

async function ok<T>(path: string, data: Record<string, string | number> = {}, token?: string): Promise<T> {
  const body = await api<T>(path, data, token);
  if (body.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.message;
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function signUp(email: string): Promise<string> {
  await ok('/api/sms_mail', { user_string: email, scene: 'register' });
  const response = await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const outbox = (await response.json()) as Envelope<{ code: string }[]>;
  const code = outbox.type === 'ok' ? outbox.message[0]?.code : undefined;
  if (!code) throw new Error('no code');
  await ok('/api/user/register', { type: 'email', user_string: email, code, password: 'secret-12', re_password: 'secret-12' });
  return ok<string>('/api/user/login', { user_string: email, password: 'secret-12' });
}

async function fundFromChain(email: string, token: string, moves: [string, string][]): Promise<void> {
  const total = moves.reduce((s, [, amount]) => s + Number(amount), 0);
  expect((await ops('deposit', email, 'USDT', String(total), 'TRC20', '--confirmed')).code).toBe(0);
  const usdt = (await ok<{ id: number; name: string }[]>('/api/currency/list')).find((c) => c.name === 'USDT')?.id ?? 0;
  for (const [account, amount] of moves) await ok('/api/wallet/change', { currency_id: usdt, number: amount, from_field: 'change', to_field: account, idempotency_key: randomUUID() }, token);
}

const markIs = (token: string, symbol: string, price: string) =>
  until(`${symbol} at ${price}`, async () => ((await ok<{ mark_price: string | null }>('/api/lever/deal', { symbol }, token)).mark_price === price ? true : null));

beforeAll(async () => {
  port = await freePort();
});
afterAll(async () => {
  await stop(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('contracts across a server restart', () => {
  it('settles an option that expired while down exactly once, and resumes TP and liquidation', async () => {
    child = await startChild();
    const alice = await signUp('alice-r@example.com');
    const bob = await signUp('bob-r@example.com');
    await fundFromChain('alice-r@example.com', alice, [['lever', '1000'], ['micro', '100']]);
    await fundFromChain('bob-r@example.com', bob, [['lever', '100']]);
    expect((await ops('mark', 'BTC/USDT', '60000')).code).toBe(0);
    expect((await ops('mark', 'ETH/USDT', '3000')).code).toBe(0);
    await markIs(alice, 'BTC/USDT', '60000');
    await markIs(bob, 'ETH/USDT', '3000');
    // A 3-second expiry for this test (operators configure periods in option_periods).
    const db = new Database(join(dataDir, 'brisk.sqlite'));
    db.prepare("insert into option_periods (seconds, currency, profit_rate_ppm, min_stake, max_stake, status, sort) values (3, 'USDT', 100000, '1', '1000', 1, 99)").run();
    const btcId = (db.prepare("select id from market_symbols where symbol = 'BTC/USDT'").get() as { id: number }).id;
    const usdt = (db.prepare("select id from currencies where symbol = 'USDT'").get() as { id: number }).id;

    const { position: long } = await ok<FuturesSubmitResult>('/api/lever/submit', { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 10, target_profit_price: '61000', idempotency_key: randomUUID() }, alice);
    // ETH lot 0.01 (seeded at 3000): 100 lots = 1 ETH, 100x: margin 30, fee 1.5; liquidation at 3000 - (98.5 - 15) = 2916.5
    const { position: risky } = await ok<FuturesSubmitResult>('/api/lever/submit', { symbol: 'ETH/USDT', type: 'long', multiple: 100, lots: 100, idempotency_key: randomUUID() }, bob);
    expect(risky.liquidation_price).toBe('2916.5');
    const option = await ok<OptionOrder>('/api/microtrade/submit', { match_id: btcId, currency_id: usdt, type: 'up', seconds: 3, number: '10', idempotency_key: randomUUID() }, alice);
    await stop(child, 'SIGKILL');

    // Down: the marks move and the option expires.
    expect((await ops('mark', 'BTC/USDT', '61500')).code).toBe(0);
    expect((await ops('mark', 'ETH/USDT', '2900')).code).toBe(0);
    await new Promise((r) => setTimeout(r, Math.max(0, option.expires_at_ms + 500 - Date.now())));
    expect(db.prepare('select state from seconds_options where id = ?').get(option.id)).toEqual({ state: 'open' });

    child = await startChild();
    const settled = await until('the option to settle', async () => {
      const result = await ok<OptionOrder>('/api/microtrade/get_result', { id: option.id }, alice);
      return result.state === 'settled' ? result : null;
    });
    expect(settled).toMatchObject({ outcome: 'win', sell_price: '61500', profit: '1' });
    const closed = await until('the take-profit', async () => (await ok<Page<FuturesPosition>>('/api/lever/my_trade', { status: 'completed' }, alice)).data.find((p) => p.id === long.id) ?? null);
    // closed at the first mark seen after the restart: (61500 - 60000) x 0.01 = 15
    expect(closed).toMatchObject({ close_reason: 'tp', current_price: '61500', profit: '15' });
    const liquidated = await until('the liquidation', async () => (await ok<Page<FuturesPosition>>('/api/lever/my_trade', { status: 'completed' }, bob)).data.find((p) => p.id === risky.id) ?? null);
    expect(liquidated).toMatchObject({ close_reason: 'liquidation', profit: '-100' });

    // Once more: a clean restart settles nothing again.
    await stop(child, 'SIGTERM');
    child = await startChild();
    await new Promise((r) => setTimeout(r, 2500));
    const journals = db.prepare("select count(*) as n from ledger_journals where kind = 'option_settle' and ref_id = ?").get(option.id) as { n: number };
    expect(journals.n).toBe(1);
    db.close();
    const check = await ops('ledger-check');
    expect(check.stdout + check.stderr).toMatch(/ok|OK|passed|no problem/i);
    expect(check.code).toBe(0);
  }, 180_000);
});
