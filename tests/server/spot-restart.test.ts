import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthSnapshot, SpotOrder } from '../../contract/api/market.ts';
import type { Envelope, Page } from '../../contract/envelope.ts';
import type { WalletDetail } from '../../contract/api/wallet.ts';
import { openDatabase } from '../../server/db/open-database.ts';

/**
 * The server as its own process (node --import tsx server/src/main.ts) on a temp DATA_DIR (or a
 * fresh PostgreSQL schema when DATABASE_URL is set), killed with SIGKILL and started again: open
 * orders, balances and depth come back from the database, and a crossing order then fills once.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const READY_MS = 90_000;
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `brisk_r_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'brisk-restart-'));
const dbEnv: Record<string, string> = { DATA_DIR: dataDir, ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) };

async function withPg(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const probe = createServer();
  probe.on('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});

interface Child {
  url: string;
  proc: ChildProcess;
}

async function startChild(): Promise<Child> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...dbEnv, PORT: String(port), HOST: '127.0.0.1', SIMULATOR: 'off', RATES_URL: 'off', LOG_LEVEL: 'warn', STATIC_DIR: join(dataDir, 'no-dist') };
  if (!databaseUrl) {
    delete env.DATABASE_URL;
    delete env.DATABASE_SCHEMA;
  }
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/getSiteConfig`)).ok) return { url, proc };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not ready: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function kill(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGKILL');
  });
}

function ops(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(TSX, ['server/src/ops/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...dbEnv, OPERATOR: 'restart-test', LOG_LEVEL: 'silent' } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`ops ${args.join(' ')}: ${stderr}`));
      else resolve(stdout);
    });
  });
}

async function call<T>(child: Child, path: string, data: Record<string, string>, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<Envelope<T>> {
  const body = new URLSearchParams(data).toString();
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) };
  const response = await fetch(method === 'GET' ? `${child.url}${path}?${body}` : child.url + path, { method, headers, body: method === 'GET' ? undefined : body });
  return (await response.json()) as Envelope<T>;
}

async function ok<T>(child: Child, path: string, data: Record<string, string>, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const envelope = await call<T>(child, path, data, token, method);
  if (envelope.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.message;
}

interface Person {
  uid: number;
  token: string;
}

async function register(child: Child, email: string): Promise<Person> {
  await ok(child, '/api/sms_mail', { user_string: email, scene: 'register' });
  const [message] = await ok<{ code: string }[]>(child, '/api/dev/outbox', { to: email }, undefined, 'GET');
  const { uid } = await ok<{ uid: number }>(child, '/api/user/register', { type: 'email', user_string: email, code: message?.code ?? '', password: 'secret-12', re_password: 'secret-12' });
  return { uid, token: await ok<string>(child, '/api/user/login', { user_string: email, password: 'secret-12', stay: '1' }) };
}

const place = (child: Child, who: Person, type: string, price: string, amount: string) =>
  ok<SpotOrder>(child, '/api/coin/trade', { symbol: 'BTC/USDT', type, target_price: price, amount, idempotency_key: randomUUID() }, who.token);

/** What must survive: each user's open orders and balances, the depth and the number of trades. */
async function state(child: Child, people: Person[]) {
  const out: Record<string, unknown> = { depth: await ok<DepthSnapshot>(child, '/api/market/depth', { symbol: 'BTC/USDT' }, undefined, 'GET').then((d) => ({ bids: d.bids, asks: d.asks })) };
  for (const p of people) {
    out[`open ${p.uid}`] = (await ok<Page<SpotOrder>>(child, '/api/coin/list', { status: 'open', limit: '50' }, p.token, 'GET')).data;
    for (const currency_id of ['1', '3']) out[`wallet ${p.uid} ${currency_id}`] = await ok<WalletDetail>(child, '/api/wallet/detail', { currency_id, account: 'change' }, p.token);
  }
  return out;
}

let child: Child;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  if (databaseUrl && schema) await withPg(`create schema ${schema}`);
  child = await startChild();
  alice = await register(child, 'alice@example.com');
  bob = await register(child, 'bob@example.com');
  await ops('deposit', String(alice.uid), 'USDT', '10000', 'TRC20', '--confirmed');
  await ops('deposit', String(bob.uid), 'BTC', '1', 'Bitcoin', '--confirmed');
}, 240_000);

afterAll(async () => {
  if (child) await kill(child);
  if (databaseUrl && schema) await withPg(`drop schema if exists ${schema} cascade`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a SIGKILL and a restart', () => {
  it('keep open orders, balances and depth; a crossing order then fills exactly once', async () => {
    expect((await ok<WalletDetail>(child, '/api/wallet/detail', { currency_id: '3', account: 'change' }, alice.token)).available).toBe('10000');
    const first = await place(child, alice, 'buy', '59000', '0.01');
    await place(child, alice, 'buy', '58000', '0.02');
    await place(child, bob, 'sell', '61000', '0.01');
    await place(child, bob, 'sell', '59000', '0.004');
    const before = await state(child, [alice, bob]);
    expect(before.depth).toEqual({ bids: [['59000', '0.006'], ['58000', '0.02']], asks: [['61000', '0.01']] });

    await kill(child);
    child = await startChild();
    expect(await state(child, [alice, bob])).toEqual(before);

    const sell = await place(child, bob, 'sell', '58000', '0.02');
    expect(sell).toMatchObject({ state: 'filled', filled: '0.02', filled_total: '1166' }); // 0.006 x 59000 + 0.014 x 58000
    const after = await state(child, [alice, bob]);
    expect(after.depth).toEqual({ bids: [['58000', '0.006']], asks: [['61000', '0.01']] });
    const aliceOpen = after[`open ${alice.uid}`] as SpotOrder[];
    expect(aliceOpen.find((o) => o.id === first.id)).toBeUndefined();

    // Once more: nothing fills again, nothing moves.
    await kill(child);
    child = await startChild();
    expect(await state(child, [alice, bob])).toEqual(after);
    expect(await ops('ledger-check')).toContain('ledger ok');
    expect(await ops('markets')).toMatch(/BTC\/USDT\s+coin\s+58000\s+58000\s+61000\s+1\s+1\s+3/);
  }, 240_000);

  it('killed while orders stream in: every acknowledged order is kept and the ledger still balances', async () => {
    const answered: SpotOrder[] = [];
    const sends = Array.from({ length: 120 }, (_, i) => (async () => {
      await new Promise((r) => setTimeout(r, i * 3));
      const who = i % 2 === 0 ? alice : bob;
      const envelope = await call<SpotOrder>(child, '/api/coin/trade', {
        symbol: 'BTC/USDT', type: i % 2 === 0 ? 'buy' : 'sell', target_price: String(59000 + (i % 7) * 100), amount: '0.001', idempotency_key: randomUUID(),
      }, who.token).catch(() => null);
      if (envelope?.type === 'ok') answered.push(envelope.message);
    })());
    // Kill mid-stream: once some orders are acknowledged (not after a fixed time, which a busy
    // machine may not reach), while the rest are still in flight.
    for (const started = Date.now(); answered.length < 5 && Date.now() - started < 30_000; ) await new Promise((r) => setTimeout(r, 5));
    await kill(child);
    await Promise.all(sends);
    child = await startChild();
    expect(await ops('ledger-check')).toContain('ledger ok');
    expect(answered.length).toBeGreaterThan(0);
    const handle = openDatabase({ dataDir, databaseUrl, databaseSchema: schema });
    try {
      const stored = new Set((await handle.db.selectFrom('spot_orders').select('id').where('id', 'in', answered.map((o) => o.id)).execute()).map((r) => Number(r.id)));
      expect(answered.filter((o) => !stored.has(o.id))).toEqual([]);
    } finally {
      await handle.close();
    }
    const depth = await ok<DepthSnapshot>(child, '/api/market/depth', { symbol: 'BTC/USDT' }, undefined, 'GET');
    const bestBid = Number(depth.bids[0]?.[0] ?? 0);
    const bestAsk = Number(depth.asks[0]?.[0] ?? Infinity);
    expect(bestBid).toBeLessThan(bestAsk);
  }, 240_000);
});
