import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../contract/api/market.ts';
import { balance, fund, makeUser, type TestUser } from './helpers/money.ts';
import { cancel, depth, limit, orders } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let alices: SpotOrder;

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '1000');
  await fund(t, bob.uid, 'USDT', '1000');
  alices = await limit(t, alice, 'buy', '50000', '0.002');
});
afterAll(async () => {
  await t?.close();
});

describe("user B and user A's orders", () => {
  it("B cannot cancel A's order: it is not found, and nothing changes", async () => {
    const answer = await cancel(t, bob, alices.id);
    expect(answer.body).toMatchObject({ type: 'error', code: 'ORDER.NOT_FOUND', field: 'id' });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '900', frozen: '100' });
    expect((await depth(t)).bids).toEqual([['50000', '0.002']]);
    expect((await cancel(t, bob, 99_999_999)).body).toMatchObject({ type: 'error', code: 'ORDER.NOT_FOUND' });
  });

  it("B's lists never show A's orders, whatever B sends", async () => {
    for (const status of ['open', 'history']) {
      const page = await orders(t, bob, status as 'open' | 'history', { user_id: String(alice.uid), uid: String(alice.uid) });
      expect(page.total).toBe(0);
    }
    const own = await orders(t, alice, 'open');
    expect(own.data.map((o) => o.id)).toEqual([alices.id]);
  });

  it('lists need a session and valid filters', async () => {
    expect((await t.api('/api/coin/list', { method: 'GET' })).body).toMatchObject({ type: 999 });
    expect((await t.api('/api/coin/cancel', { data: { id: alices.id } })).body).toMatchObject({ type: 999 });
    expect((await t.api('/api/coin/list', { method: 'GET', token: alice.token, data: { status: 'all' } })).body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'status' });
    expect((await t.api('/api/coin/list', { method: 'GET', token: alice.token, data: { symbol: 'NOPE' } })).body).toMatchObject({ type: 'error', code: 'MARKET.SYMBOL_UNAVAILABLE' });
    expect((await t.api('/api/coin/cancel', { token: alice.token, data: { id: 'abc' } })).body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'id' });
    expect((await orders(t, alice, 'open', { symbol: 'ETH/USDT' })).total).toBe(0);
    expect((await orders(t, alice, 'open', { symbol: 'BTC/USDT' })).total).toBe(1);
  });

  it('A cancels, and the order moves to history', async () => {
    expect((await cancel(t, alice, alices.id)).body).toMatchObject({ type: 'ok', message: { id: alices.id, state: 'cancelled' } });
    expect((await orders(t, alice, 'open')).total).toBe(0);
    expect((await orders(t, alice, 'history')).data.map((o) => o.id)).toEqual([alices.id]);
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });
  });
});
