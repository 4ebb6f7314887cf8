import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTIONS_MAX } from '../../contract/socket-events.ts';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { limit } from './helpers/spot.ts';
import { pause, StreamSockets, type StreamSocket } from './helpers/stream-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/** The private channel (a live token only, the owner's data only, closed on logout and expiry) and the per-socket limits. */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
const sockets = new StreamSockets();

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '10000');
  await fund(t, bob.uid, 'USDT', '10000');
});
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const socket = () => sockets.connect(t);

const userMessages = (s: StreamSocket) => s.of('user') as unknown as { seq: number; orders: { id: number }[]; balances: { currency: string; available: string; frozen: string }[] }[];

describe('user channel', () => {
  it('refuses a missing, unknown or revoked token, and answers nothing without a subscription', async () => {
    const s = await socket();
    expect(await s.call('subscribe', { stream: 'user' })).toEqual({ ok: false, code: 'AUTH.LOGIN_REQUIRED' });
    expect(await s.call('subscribe', { stream: 'user', token: 'x'.repeat(43) })).toEqual({ ok: false, code: 'AUTH.SESSION_EXPIRED' });
    const dead = await t.server.services.sessions.create(alice.uid, false, '127.0.0.1');
    await t.server.services.sessions.revoke(dead);
    expect(await s.call('subscribe', { stream: 'user', token: dead })).toEqual({ ok: false, code: 'AUTH.SESSION_EXPIRED' });
    expect(await s.call('snapshot', { stream: 'user', token: alice.token })).toEqual({ ok: false, code: 'STREAM.NOT_SUBSCRIBED' });
  });

  it("delivers the owner's orders and balances only, numbered from the snapshot's seq", async () => {
    const [a, b] = [await socket(), await socket()];
    expect(await a.call('subscribe', { stream: 'user', token: alice.token })).toEqual({ ok: true });
    expect(await b.call('subscribe', { stream: 'user', token: `Bearer ${bob.token}` })).toEqual({ ok: true });
    const snapshot = await a.call<{ stream: string; seq: number; orders: unknown[]; balances: { currency: string; available: string }[] }>('snapshot', { stream: 'user', token: alice.token });
    expect(snapshot).toMatchObject({ stream: 'user', seq: 0, orders: [] });
    expect(snapshot.balances).toContainEqual({ account: 'change', currency_id: expect.any(Number), currency: 'USDT', available: '10000', frozen: '0' });

    const order = await limit(t, alice, 'buy', '50000', '0.01');
    const received = await a.waitFor('user', () => true, 2);
    expect(received.map((m) => m.seq)).toEqual([1, 2]);
    const messages = userMessages(a);
    expect(messages.flatMap((m) => m.orders.map((o) => o.id))).toEqual([order.id]);
    expect(messages.flatMap((m) => m.balances)).toContainEqual(expect.objectContaining({ currency: 'USDT', available: '9500', frozen: '500' }));
    await pause(200);
    // Bob's socket heard nothing of Alice.
    expect(b.of('user')).toEqual([]);

    await limit(t, bob, 'buy', '40000', '0.01');
    await b.waitFor('user', () => true, 2);
    expect(userMessages(b).flatMap((m) => m.orders.map((o) => o.id))).not.toContain(order.id);
    expect(userMessages(a)).toHaveLength(2);
    const again = await a.call<{ seq: number; orders: { id: number }[] }>('snapshot', { stream: 'user', token: alice.token });
    expect(again.seq).toBe(2);
    expect(again.orders.map((o) => o.id)).toEqual([order.id]);
  });

  it('stops at logout: the socket leaves the channel at once', async () => {
    const token = await t.server.services.sessions.create(alice.uid, true, '127.0.0.1');
    const s = await socket();
    expect(await s.call('subscribe', { stream: 'user', token })).toEqual({ ok: true });
    expect((await t.api('/api/user/logout', { token })).body.type).toBe('ok');
    await limit(t, alice, 'buy', '50001', '0.001');
    await pause(300);
    expect(s.of('user')).toEqual([]);
    expect(await s.call('snapshot', { stream: 'user', token })).toEqual({ ok: false, code: 'AUTH.SESSION_EXPIRED' });
  });

  it("stops when the session is ended by its token's hash (a logout sent later by a device that was offline)", async () => {
    const token = await t.server.services.sessions.create(alice.uid, true, '127.0.0.1');
    const s = await socket();
    expect(await s.call('subscribe', { stream: 'user', token })).toEqual({ ok: true });
    const revoke = createHash('sha256').update(token).digest('hex');
    expect((await t.api('/api/user/logout', { data: { revoke } })).body.type).toBe('ok');
    await limit(t, alice, 'buy', '50002', '0.001');
    await pause(300);
    expect(s.of('user')).toEqual([]);
    expect(await s.call('snapshot', { stream: 'user', token })).toEqual({ ok: false, code: 'AUTH.SESSION_EXPIRED' });
  });

  it('stops at expiry, even with nobody revoking the session', async () => {
    const shortLived = await t.server.services.sessions.create(bob.uid, false, '127.0.0.1');
    const s = await socket();
    expect(await s.call('subscribe', { stream: 'user', token: shortLived })).toEqual({ ok: true });
    await limit(t, bob, 'buy', '40001', '0.001');
    await s.waitFor('user');
    const before = s.of('user').length;
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    // Bob's other session (30 days) still trades; the expired socket must not hear of it.
    await limit(t, bob, 'buy', '40002', '0.001');
    await pause(300);
    expect(s.of('user')).toHaveLength(before);
    expect(await s.call('snapshot', { stream: 'user', token: shortLived })).toEqual({ ok: false, code: 'AUTH.SESSION_EXPIRED' });
  });
});

describe('limits and validation', () => {
  it('refuses unknown streams, symbols and intervals with a code', async () => {
    const s = await socket();
    expect(await s.call('subscribe', { stream: 'nope' })).toEqual({ ok: false, code: 'STREAM.UNKNOWN' });
    expect(await s.call('subscribe', 'tickers' as never)).toEqual({ ok: false, code: 'STREAM.UNKNOWN' });
    expect(await s.call('subscribe', { stream: 'depth', symbol: 'NOPE/USDT' })).toEqual({ ok: false, code: 'MARKET.SYMBOL_UNAVAILABLE' });
    expect(await s.call('subscribe', { stream: 'trades' })).toEqual({ ok: false, code: 'MARKET.SYMBOL_UNAVAILABLE' });
    expect(await s.call('subscribe', { stream: 'kline', symbol: 'BTC/USDT', interval: '2m' })).toEqual({ ok: false, code: 'MARKET.PERIOD_INVALID' });
    expect(await s.call('snapshot', { stream: 'depth', symbol: 'BTC/USDT' })).toEqual({ ok: false, code: 'STREAM.NOT_SUBSCRIBED' });
  });

  it(`caps subscriptions at ${SUBSCRIPTIONS_MAX} per socket; unsubscribing frees a place`, async () => {
    const s = await socket();
    const symbols = marketOf(t.server.modules).marketData.symbols();
    for (let i = 0; i < SUBSCRIPTIONS_MAX; i += 1) expect(await s.call('subscribe', { stream: 'trades', symbol: symbols[i] })).toEqual({ ok: true });
    // The same stream again is not a new subscription.
    expect(await s.call('subscribe', { stream: 'trades', symbol: symbols[0] })).toEqual({ ok: true });
    expect(await s.call('subscribe', { stream: 'trades', symbol: symbols[SUBSCRIPTIONS_MAX] })).toEqual({ ok: false, code: 'STREAM.LIMIT' });
    expect(await s.call('subscribe', { stream: 'user', token: alice.token })).toEqual({ ok: false, code: 'STREAM.LIMIT' });
    expect(await s.call('unsubscribe', { stream: 'trades', symbol: symbols[0] })).toEqual({ ok: true });
    expect(await s.call('subscribe', { stream: 'trades', symbol: symbols[SUBSCRIPTIONS_MAX] })).toEqual({ ok: true });
  });

  it('rate-limits requests per socket', async () => {
    const s = await socket();
    const answers = await Promise.all(Array.from({ length: 80 }, () => s.call('subscribe', { stream: 'tickers' })));
    const limited = answers.filter((a) => JSON.stringify(a) === JSON.stringify({ ok: false, code: 'COMMON.RATE_LIMITED' }));
    expect(limited.length).toBeGreaterThan(20);
    expect(answers.length - limited.length).toBeGreaterThanOrEqual(40);
  });

  it('still lets a socket that spent its budget leave its streams, so nothing streams to a closed screen', async () => {
    const s = await socket();
    expect(await s.call('subscribe', { stream: 'trades', symbol: 'BTC/USDT' })).toEqual({ ok: true });
    // A user flicking through pairs: the subscribes and snapshots spend the budget. The subscribe
    // goes in the same burst: sent after it, a slow machine's delay would refill a token for it.
    const burst = await Promise.all([
      ...Array.from({ length: 60 }, () => s.call('snapshot', { stream: 'trades', symbol: 'BTC/USDT' })),
      s.call('subscribe', { stream: 'depth', symbol: 'ETH/USDT' }),
    ]);
    expect(burst.slice(0, 60).filter((a) => JSON.stringify(a) === JSON.stringify({ ok: false, code: 'COMMON.RATE_LIMITED' })).length).toBeGreaterThan(0);
    expect(burst[60]).toEqual({ ok: false, code: 'COMMON.RATE_LIMITED' });

    expect(await s.call('unsubscribe', { stream: 'trades', symbol: 'BTC/USDT' })).toEqual({ ok: true });
    const before = s.of('trades').length;
    // A socket still on the stream sees the next trade; the one that left does not.
    const watcher = await socket();
    expect(await watcher.call('subscribe', { stream: 'trades', symbol: 'BTC/USDT' })).toEqual({ ok: true });
    await fund(t, bob.uid, 'BTC', '0.001');
    await limit(t, bob, 'sell', '70000', '0.001');
    await limit(t, alice, 'buy', '70000', '0.001');
    await watcher.waitFor('trades');
    await pause(100);
    expect(s.of('trades').length).toBe(before);
  });
});
