import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthSnapshot, SpotOrder } from '../../contract/api/market.ts';
import type { Page } from '../../contract/envelope.ts';
import type { WalletDetail } from '../../contract/api/wallet.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { call, killProcess, ok, register, runOps, startServerProcess, withPg, type Person, type ServerProcess } from './helpers/server-process.ts';

/**
 * The server as its own process (node --import tsx server/src/main.ts) on a temp DATA_DIR (or a
 * fresh PostgreSQL schema when DATABASE_URL is set), killed with SIGKILL and started again: open
 * orders, balances and depth come back from the database, and a crossing order then fills once.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `brisk_r_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'brisk-restart-'));
const dbEnv: Record<string, string> = { DATA_DIR: dataDir, ...(databaseUrl && schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) };

const startChild = () =>
  startServerProcess({ ...dbEnv, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, STATIC_DIR: join(dataDir, 'no-dist') });
const kill = killProcess;
const ops = (...args: string[]) => runOps(dbEnv, 'restart-test', ...args);
const withPgQuery = (statement: string) => withPg(databaseUrl, (client) => client.query(statement)).then(() => undefined);
type Child = ServerProcess;

const place = (child: Child, who: Person, type: string, price: string, amount: string) =>
  ok<SpotOrder>(child, '/api/coin/trade', { symbol: 'BTC/USDT', type, target_price: price, amount, idempotency_key: randomUUID() }, who.token);

/** What must survive: each user's open orders and balances, the depth and the number of trades. */
async function state(child: Child, people: Person[]) {
  const out: Record<string, unknown> = { depth: await ok<DepthSnapshot>(child, '/api/market/depth', { symbol: 'BTC/USDT' }, undefined, 'GET').then((d) => ({ bids: d.bids, asks: d.asks })) };
  for (const p of people) {
    out[`open ${p.uid}`] = (await ok<Page<SpotOrder>>(child, '/api/coin/list', { status: 'open', limit: '50' }, p.token, 'GET')).data;
    for (const currency_id of ['1', '3']) {
      // Balances, not their value: `converted` is at the live mark, which a restart starts afresh from the last trade.
      const { converted: _value, ...balance } = await ok<WalletDetail>(child, '/api/wallet/detail', { currency_id, account: 'change' }, p.token);
      out[`wallet ${p.uid} ${currency_id}`] = balance;
    }
  }
  return out;
}

let child: Child;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  if (databaseUrl && schema) await withPgQuery(`create schema ${schema}`);
  child = await startChild();
  alice = await register(child, 'alice@example.com');
  bob = await register(child, 'bob@example.com');
  await ops('deposit', String(alice.uid), 'USDT', '10000', 'TRC20', '--confirmed');
  await ops('deposit', String(bob.uid), 'BTC', '1', 'Bitcoin', '--confirmed');
}, 240_000);

afterAll(async () => {
  if (child) await kill(child);
  if (databaseUrl && schema) await withPgQuery(`drop schema if exists ${schema} cascade`);
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
