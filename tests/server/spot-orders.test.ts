import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketSymbol, SpotOrder } from '../../contract/api/market.ts';
import { balance, fund, makeUser, type TestUser } from './helpers/money.ts';
import { cancel, depth, expectBalancedLedger, feesMinor, limit, orders, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The spot order flow over real HTTP: holds, fills, fees, price improvement, cancel, market orders,
 * with the ledger check after each step. BTC/USDT: tick 0.1, lot 0.00001, maker 0.08 %, taker 0.1 %.
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '10000');
  await fund(t, bob.uid, 'BTC', '1');
});
afterAll(async () => {
  await t?.close();
});

describe('pairs', () => {
  it('lists at least 30 coin pairs and the stock pairs with their rules', async () => {
    const coins = await t.ok<MarketSymbol[]>('/api/market/symbols', { method: 'GET', data: { category: 'coin' } });
    const stocks = await t.ok<MarketSymbol[]>('/api/market/symbols', { method: 'GET', data: { category: 'stock' } });
    expect(coins.length).toBeGreaterThanOrEqual(30);
    expect(stocks.map((s) => s.base)).toEqual(expect.arrayContaining(['AAPL', 'TSLA', 'NVDA']));
    expect(coins.find((s) => s.symbol === 'BTC/USDT')).toMatchObject({ tick_size: '0.1', lot_size: '0.00001', min_notional: '5', maker_fee: '0.0008', taker_fee: '0.001', quote: 'USDT' });
  });
});

describe('limit orders', () => {
  let bid: SpotOrder;

  it('a limit buy freezes exactly price x amount of USDT and rests on the book', async () => {
    bid = await limit(t, alice, 'buy', '60000', '0.01');
    expect(bid).toMatchObject({ symbol: 'BTC/USDT', side: 'buy', kind: 'limit', price: '60000', amount: '0.01', filled: '0', state: 'open', fee_currency: 'BTC' });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '9400', frozen: '600' });
    expect((await depth(t)).bids).toEqual([['60000', '0.01']]);
    await expectBalancedLedger(t);
  });

  it('a crossing sell fills against it at the maker price, fees to the fees account', async () => {
    const sell = await limit(t, bob, 'sell', '59000', '0.004');
    // Bob is the taker: 240 USDT less 0.1 % = 239.76; Alice the maker: 0.004 BTC less 0.08 % = 0.0039968.
    expect(sell).toMatchObject({ state: 'filled', filled: '0.004', avg_price: '60000', filled_total: '240', fee: '0.24', fee_currency: 'USDT' });
    expect(await balance(t, bob, 'USDT')).toMatchObject({ available: '239.76', frozen: '0' });
    expect(await balance(t, bob, 'BTC')).toMatchObject({ available: '0.996', frozen: '0' });
    expect(await balance(t, alice, 'BTC')).toMatchObject({ available: '0.0039968', frozen: '0' });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '9400', frozen: '360' });
    expect(await feesMinor(t, 'BTC')).toBe(320n);
    expect(await feesMinor(t, 'USDT')).toBe(240_000n);
    const [open] = (await orders(t, alice, 'open')).data;
    expect(open).toMatchObject({ id: bid.id, state: 'partial', filled: '0.004', fee: '0.0000032' });
    expect((await depth(t)).bids).toEqual([['60000', '0.006']]);
    await expectBalancedLedger(t);
  });

  it('cancel unfreezes exactly what is left', async () => {
    const cancelled = await cancel(t, alice, bid.id);
    expect(cancelled.body).toMatchObject({ type: 'ok', message: { id: bid.id, state: 'cancelled', filled: '0.004' } });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '9760', frozen: '0' });
    expect((await depth(t)).bids).toEqual([]);
    expect((await cancel(t, alice, bid.id)).body).toMatchObject({ type: 'error', code: 'ORDER.NOT_OPEN' });
    expect((await orders(t, alice, 'history')).data.map((o) => o.id)).toContain(bid.id);
    await expectBalancedLedger(t);
  });

  it('a buy that fills below its limit gets the difference back at once', async () => {
    await limit(t, bob, 'sell', '59000', '0.001');
    const buy = await limit(t, alice, 'buy', '60000', '0.001');
    expect(buy).toMatchObject({ state: 'filled', avg_price: '59000', filled_total: '59', fee: '0.000001' });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '9701', frozen: '0' });
    await expectBalancedLedger(t);
  });
});

describe('market orders', () => {
  it('a market buy walks the book and returns what it did not use', async () => {
    await limit(t, bob, 'sell', '61000', '0.002');
    const rest = await limit(t, bob, 'sell', '62000', '0.002');
    const buy = await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', amount: '0.003' });
    // 0.002 at 61000 + 0.001 at 62000 = 184 USDT.
    expect(buy.body).toMatchObject({ type: 'ok', message: { kind: 'market', price: null, state: 'filled', filled: '0.003', filled_total: '184' } });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '9517', frozen: '0' });
    expect((await orders(t, bob, 'open')).data).toEqual([expect.objectContaining({ id: rest.id, state: 'partial', filled: '0.001' })]);
    await expectBalancedLedger(t);
  });

  it('a market order with nothing to trade against is refused', async () => {
    const before = await balance(t, bob, 'BTC');
    const sell = await trade(t, bob, { symbol: 'BTC/USDT', type: 'sell', amount: '0.001' }, 'en');
    expect(sell.body).toMatchObject({ type: 'error', code: 'ORDER.NO_LIQUIDITY' });
    expect(await balance(t, bob, 'BTC')).toEqual(before);
  });
});
