import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthSnapshot, SpotOrder } from '../../contract/api/market.ts';
import { call, killProcess, ok, register, runOps, startServerProcess, withPg, type Person, type ServerProcess } from './helpers/server-process.ts';

/**
 * Scale-out on PostgreSQL + Redis: three real server processes on one schema and one Redis. The
 * first holds the engine lock and runs the matching engine; the others come up as followers (the
 * third with MARKET_ENGINE=auto, so it would run the engine if it could) and forward orders to the
 * leader. A socket on a follower hears the leader's streams and gets the leader's snapshots. When
 * the leader is gone, a follower answers MARKET.ENGINE_UNAVAILABLE in the caller's language.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;
const redisUrl = process.env.REDIS_URL || undefined;
const schema = `brisk_s_${randomBytes(6).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'brisk-scale-'));
const dbEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema };

type Child = ServerProcess;
const startChild = (extraEnv: Record<string, string> = {}) =>
  startServerProcess({ ...dbEnv, REDIS_URL: redisUrl, STATIC_DIR: join(dataDir, 'no-dist'), ...extraEnv });
const kill = killProcess;
const ops = (...args: string[]) => runOps(dbEnv, 'scale-out-test', ...args);
const inPg = <T>(work: (client: pg.Client) => Promise<T>) => withPg(databaseUrl, work);

/** The engine role a process announced when it was ready ("engine":"leader" in its log line). */
const roleOf = (child: Child) => /"engine":"(leader|follower)"[^\n]*Brisk is ready/.exec(child.log())?.[1];

const place = (child: Child, who: Person, type: string, price: string, amount: string, extra: Record<string, string> = {}) =>
  call<SpotOrder>(child, '/api/coin/trade', { symbol: 'BTC/USDT', type, target_price: price, amount, idempotency_key: randomUUID(), ...extra }, who.token);

const depth = (child: Child) => ok<DepthSnapshot>(child, '/api/market/depth', { symbol: 'BTC/USDT' }, undefined, 'GET');

type Payload = Record<string, unknown> & { seq: number };

/** A socket.io client on one process that records every stream message. */
async function connect(child: Child) {
  const socket: Socket = io(child.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, timeout: 5000 });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const received: { event: string; payload: Payload }[] = [];
  socket.onAny((event: string, payload: Payload) => void (event !== 'hello' && received.push({ event, payload })));
  const ask = <T = Payload>(event: string, request: Record<string, unknown>) => new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event} not answered`)), 10_000);
    socket.emit(event, request, (answer: T) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
  const of = (event: string, filter: (p: Payload) => boolean = () => true) => received.filter((r) => r.event === event && filter(r.payload)).map((r) => r.payload);
  const waitFor = async (event: string, filter: (p: Payload) => boolean, timeoutMs = 10_000) => {
    for (const until = Date.now() + timeoutMs; of(event, filter).length === 0;) {
      if (Date.now() > until) throw new Error(`no ${event} message as expected; got ${JSON.stringify(of(event))}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return of(event, filter)[0] as Payload;
  };
  return { socket, ask, of, waitFor };
}

const children: Child[] = [];
let leader: Child;
let follower: Child;
let alice: Person;
let bob: Person;

describe.skipIf(!databaseUrl || !redisUrl)('scale-out (needs DATABASE_URL and REDIS_URL: PostgreSQL and Redis)', () => {
  beforeAll(async () => {
    await inPg((c) => c.query(`create schema ${schema}`));
    leader = await startChild();
    children.push(leader);
    follower = await startChild();
    children.push(follower);
    alice = await register(follower, 'alice@example.com');
    bob = await register(leader, 'bob@example.com');
    await ops('deposit', String(alice.uid), 'USDT', '10000', 'TRC20', '--confirmed');
    await ops('deposit', String(bob.uid), 'BTC', '1', 'Bitcoin', '--confirmed');
  }, 240_000);

  afterAll(async () => {
    for (const child of children) await kill(child);
    if (databaseUrl) await inPg((c) => c.query(`drop schema if exists ${schema} cascade`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one leader; an order through the follower rests in its book, trades there, and the follower\'s socket hears it all in sequence', async () => {
    expect(roleOf(leader)).toBe('leader');
    expect(roleOf(follower)).toBe('follower');
    expect(follower.log()).toContain('engine follower: another process holds the engine lock');

    const s = await connect(follower);
    try {
      for (const request of [{ stream: 'tickers' }, { stream: 'depth', symbol: 'BTC/USDT' }, { stream: 'trades', symbol: 'BTC/USDT' }, { stream: 'kline', symbol: 'BTC/USDT', interval: '1m' }, { stream: 'user', token: alice.token }]) {
        expect(await s.ask('subscribe', request)).toEqual({ ok: true });
      }
      // Snapshots come from the leader: its (empty) book and the seqs its messages continue from.
      const depth0 = await s.ask<DepthSnapshot & { stream: string }>('snapshot', { stream: 'depth', symbol: 'BTC/USDT' });
      expect(depth0).toMatchObject({ stream: 'depth', symbol: 'BTC/USDT', bids: [], asks: [] });
      const trades0 = await s.ask('snapshot', { stream: 'trades', symbol: 'BTC/USDT' });
      const user0 = await s.ask<{ seq: number; orders: SpotOrder[] }>('snapshot', { stream: 'user', token: alice.token });
      expect(user0, JSON.stringify(user0)).toMatchObject({ stream: 'user', orders: [] });

      const placed = await place(follower, alice, 'buy', '59000', '0.01');
      expect(placed).toMatchObject({ type: 'ok', message: { state: 'open', filled: '0' } });
      const order = (placed as { message: SpotOrder }).message;
      // It rests in the leader's book: the leader's own depth (not forwarded) shows it.
      expect(await depth(leader)).toMatchObject({ bids: [['59000', '0.01']], asks: [] });
      const bid = await s.waitFor('depth', (p) => JSON.stringify(p.bids) === '[["59000","0.01"]]');
      expect(bid.seq).toBe(depth0.seq + 1);
      await s.waitFor('user', (p) => (p.orders as SpotOrder[]).some((o) => o.id === order.id && o.state === 'open'));

      // Bob sells through the leader: the resting order from the follower fills in part.
      expect(await place(leader, bob, 'sell', '59000', '0.004')).toMatchObject({ type: 'ok', message: { state: 'filled', filled: '0.004' } });
      const trade = await s.waitFor('trades', (p) => (p.trades as { price: string }[]).length > 0);
      expect(trade).toMatchObject({ symbol: 'BTC/USDT', seq: trades0.seq + 1, trades: [{ price: '59000', amount: '0.004', side: 'sell' }] });
      const afterTrade = await s.waitFor('depth', (p) => JSON.stringify(p.bids) === '[["59000","0.006"]]');
      expect(afterTrade.seq).toBe(depth0.seq + 2);
      await s.waitFor('user', (p) => (p.orders as SpotOrder[]).some((o) => o.id === order.id && o.filled === '0.004'));
      const userSeqs = s.of('user').map((p) => p.seq);
      expect(userSeqs).toEqual(userSeqs.map((_, i) => user0.seq + 1 + i));
      await s.waitFor('kline', (p) => (p.kline as { c: string }).c === '59000');
      await s.waitFor('tickers', (p) => (p.tickers as { symbol: string; last: string }[]).some((t) => t.symbol === 'BTC/USDT' && t.last === '59000'));

      // A snapshot asked on the follower now is the leader's state at its latest seqs.
      const depth1 = await s.ask<DepthSnapshot>('snapshot', { stream: 'depth', symbol: 'BTC/USDT' });
      expect(depth1).toMatchObject({ seq: depth0.seq + 2, bids: [['59000', '0.006']] });
      const user1 = await s.ask<{ seq: number; orders: SpotOrder[] }>('snapshot', { stream: 'user', token: alice.token });
      expect(user1.seq).toBe(userSeqs.at(-1));
      expect(user1.orders).toMatchObject([{ id: order.id, state: 'partial', filled: '0.004' }]);
      // Reads the follower forwards answer the leader's live figures.
      expect(await depth(follower)).toMatchObject({ bids: [['59000', '0.006']] });
      // A cancel through the follower takes the order out of the leader's book.
      const second = await ok<SpotOrder>(follower, '/api/coin/trade', { symbol: 'BTC/USDT', type: 'buy', target_price: '58000', amount: '0.01', idempotency_key: randomUUID() }, alice.token);
      expect(await depth(leader)).toMatchObject({ bids: [['59000', '0.006'], ['58000', '0.01']] });
      expect(await ok<SpotOrder>(follower, '/api/coin/cancel', { id: String(second.id) }, alice.token)).toMatchObject({ id: second.id, state: 'cancelled' });
      expect(await depth(leader)).toMatchObject({ bids: [['59000', '0.006']] });
    } finally {
      s.socket.close();
    }
  }, 120_000);

  it('a third process with the engine on (auto) stays a follower; its order meets the same book exactly once', async () => {
    const third = await startChild({ MARKET_ENGINE: 'auto' });
    children.push(third);
    expect(roleOf(third)).toBe('follower');
    const holders = await inPg((c) => c.query(`select count(*)::int as n from pg_stat_activity a join pg_locks l on l.pid = a.pid
      where l.locktype = 'advisory' and l.granted and a.application_name = 'brisk-engine-lock' and l.objid::bigint = (hashtextextended('brisk-engine:${schema}', 0) & 4294967295)`));
    expect(holders.rows[0]).toEqual({ n: 1 });
    expect(await place(third, bob, 'sell', '59000', '0.006')).toMatchObject({ type: 'ok', message: { state: 'filled', filled: '0.006' } });
    expect(await depth(leader)).toMatchObject({ bids: [], asks: [] });
    expect(await ops('ledger-check')).toContain('ledger ok');
  }, 120_000);

  it('without a leader, a follower answers MARKET.ENGINE_UNAVAILABLE in the caller\'s language and keeps serving the rest', async () => {
    await kill(leader);
    const answer = await place(follower, alice, 'buy', '58000', '0.01', { lang: 'zh' });
    expect(answer).toEqual({ type: 'error', code: 'MARKET.ENGINE_UNAVAILABLE', message: '交易服务暂时不可用，请稍后再试' });
    // Database reads need no engine.
    const open = await ok<{ data: SpotOrder[] }>(follower, '/api/coin/list', { status: 'history' }, alice.token, 'GET');
    expect(open.data.map((o) => o.state).sort()).toEqual(['cancelled', 'filled']);
  }, 60_000);
});
