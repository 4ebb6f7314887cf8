import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketSymbol, SpotOrder } from '../../contract/api/market.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { depositPostings } from '../../server/domain/journal-builders.ts';
import { startServer, type RunningServer } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { limit } from './helpers/spot.ts';
import { StreamSocket } from './helpers/stream-socket.ts';
import { eventually, opsAnswer } from './helpers/server-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * PostgreSQL only: a pair an operator lists while an engine leader and a follower run on one
 * schema. The follower polls the pairs too: it lists the pair, accepts a socket subscription to it,
 * and forwards an order on it to the leader, which matches it. With REDIS_URL set, both processes
 * share rooms and the follower's socket hears the trade.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;
const redisUrl = process.env.REDIS_URL || undefined;
const PAIR = 'FLWR/ETH';

let t: TestServer;
let follower: RunningServer | undefined;
let alice: TestUser;
let bob: TestUser;
let socket: StreamSocket | undefined;

const ops = (...args: string[]) => opsAnswer(t.dbEnv, 'pair-follower-test', ...args);


async function onFollower<T>(path: string, init: { method?: 'GET' | 'POST'; token?: string; data?: Record<string, string> } = {}): Promise<Envelope<T>> {
  const form = new URLSearchParams({ lang: 'en', ...init.data }).toString();
  const get = (init.method ?? 'GET') === 'GET';
  const response = await fetch(`${follower!.url}${path}${get ? `?${form}` : ''}`, {
    method: get ? 'GET' : 'POST',
    headers: { ...(init.token ? { authorization: init.token } : {}), ...(get ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
    ...(get ? {} : { body: form }),
  });
  return (await response.json()) as Envelope<T>;
}

beforeAll(async () => {
  if (!databaseUrl) return;
  t = await startTestServer({ redisUrl });
  follower = await startServer(
    {
      ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir: t.dataDir, databaseUrl, databaseSchema: t.dbEnv.DATABASE_SCHEMA,
      redisUrl, logLevel: 'silent', staticDir: join(t.dataDir, 'no-dist'), ratesUrl: undefined, simulator: false,
    },
    { clock: t.clock },
  );
  // An IEO-style token: a currency without a pair.
  await t.server.db.insertInto('currencies').values({ symbol: 'FLWR', name: 'Follower Token', type: 'token', decimals: 4, image: '', status: 1, sort: 999 }).execute();
  alice = await makeUser(t, 'pair-follower-alice@example.com');
  bob = await makeUser(t, 'pair-follower-bob@example.com');
  await fund(t, alice.uid, 'ETH', '1');
}, 60_000);
afterAll(async () => {
  socket?.close();
  await follower?.close();
  await t?.close();
});

describe.runIf(databaseUrl)('a pair listed while a leader and a follower run', () => {
  it('is listed, subscribable and tradable through the follower within seconds', async () => {
    expect(follower?.engineRole).toBe('follower');
    const added = await ops('pair-add', PAIR, '--tick=0.000001', '--lot=1', '--min=0.001');
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);

    // Each process reads the pairs on its own poll: the follower lists it, and the leader, which
    // matches what the follower forwards, takes orders on it once it lists it too.
    await eventually(async () => {
      const listed = await onFollower<MarketSymbol[]>('/api/market/symbols');
      expect(listed.type === 'ok' && listed.message.some((s) => s.symbol === PAIR)).toBe(true);
      const onLeader = await t.ok<MarketSymbol[]>('/api/market/symbols', { method: 'GET' });
      expect(onLeader.some((s) => s.symbol === PAIR)).toBe(true);
    });
    socket = await StreamSocket.connect({ url: follower!.url } as TestServer);
    await eventually(async () => {
      expect(await socket!.call('subscribe', { stream: 'trades', symbol: PAIR })).toEqual({ ok: true });
    });

    // Bob gets the token as a buyer would: his buy through the follower rests on the leader's book...
    const buy = await onFollower<SpotOrder>('/api/coin/trade', {
      method: 'POST', token: alice.token, data: { symbol: PAIR, type: 'buy', target_price: '0.001', amount: '10', idempotency_key: newKey() },
    });
    expect(buy).toMatchObject({ type: 'ok', message: { symbol: PAIR, state: 'open' } });
    // ... and fills when bob, funded with the token, sells into it through the leader.
    await t.server.db.transaction().execute(async (trx) => {
      const token = await trx.selectFrom('currencies').select('id').where('symbol', '=', 'FLWR').executeTakeFirstOrThrow();
      const booked = await t.server.services.ledger.book(trx, { kind: 'deposit', userId: bob.uid, refType: 'test', refId: 1, reversesJournalId: null, postings: depositPostings(bob.uid, token.id, 100_0000n) });
      if (!booked.ok) throw new Error(booked.code);
    });
    const sell = await limit(t, bob, 'sell', '0.001', '10', PAIR);
    expect(sell).toMatchObject({ state: 'filled', filled: '10' });
    if (redisUrl) await socket.waitFor('trades', (p) => p.symbol === PAIR);
  }, 60_000);
});
