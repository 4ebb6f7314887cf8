import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVOURITES_MAX, type PublicTrade, type Quotation, type QuotationList } from '../../contract/api/market.ts';
import type { MarketEvent } from '../../server/services/market/market-events.ts';
import { balance, currencyId, fund, makeUser, type TestUser } from './helpers/money.ts';
import { depth, expectBalancedLedger, limit, orders, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
const events: MarketEvent[] = [];

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '1000');
  await fund(t, bob.uid, 'ETH', '10');
  marketOf(t.server.modules).marketEvents.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await t?.close();
});

describe('quotations', () => {
  it('every pair with its reference price before the first trade, by category', async () => {
    const all = await t.ok<QuotationList>('/api/currency/quotation_new', { method: 'GET' });
    const stocks = await t.ok<QuotationList>('/api/currency/quotation_new', { method: 'GET', data: { category: 'stock' } });
    expect(all.list.length).toBeGreaterThanOrEqual(38);
    expect(stocks.list.every((q) => q.category === 'stock')).toBe(true);
    expect(all.list.find((q) => q.symbol === 'ETH/USDT')).toMatchObject({ last: '3000', change_pct: '0.00', volume_24h: '0', currency_id: await currencyId(t, 'ETH'), legal_id: await currencyId(t, 'USDT') });
    expect(all.list.find((q) => q.symbol === 'PEPE/USDT')).toMatchObject({ last: '0.00001', tick_size: '0.00000001' });
    expect((await t.api('/api/currency/quotation_new', { method: 'GET', data: { category: 'fx' } })).body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID' });
  });

  it('after trades: last price, 24 h change, high, low and volumes; recent trades newest first; events after commit', async () => {
    await limit(t, bob, 'sell', '3030', '0.1', 'ETH/USDT');
    await limit(t, bob, 'sell', '2970', '0.1', 'ETH/USDT');
    events.length = 0;
    const buy = await trade(t, alice, { symbol: 'ETH/USDT', type: 'buy', amount: '0.2' });
    expect(buy.body).toMatchObject({ type: 'ok', message: { state: 'filled', filled_total: '600', avg_price: '3000' } });
    const eth = (await t.ok<QuotationList>('/api/currency/quotation_new', { method: 'GET' })).list.find((q) => q.symbol === 'ETH/USDT');
    expect(eth).toMatchObject({ last: '3030', open_24h: '2970', high_24h: '3030', low_24h: '2970', change_pct: '2.02', volume_24h: '0.2', quote_volume_24h: '600' });
    const trades = await t.ok<PublicTrade[]>('/api/market/trades', { method: 'GET', data: { symbol: 'ETH/USDT', limit: 5 } });
    expect(trades.map((x) => [x.price, x.amount, x.side])).toEqual([['3030', '0.1', 'buy'], ['2970', '0.1', 'buy']]);
    expect(events.find((e) => e.type === 'trades')).toMatchObject({ symbol: 'ETH/USDT', trades: [{ price: '2970', side: 'buy' }, { price: '3030' }] });
    expect(events.find((e) => e.type === 'depth')).toMatchObject({ change: { symbol: 'ETH/USDT', asks: [['2970', '0'], ['3030', '0']] } });
    expect(events.filter((e) => e.type === 'order').map((e) => e.type === 'order' && [e.userId, e.order.state])).toEqual(expect.arrayContaining([[alice.uid, 'filled'], [bob.uid, 'filled']]));
    const aliceBalances = events.find((e) => e.type === 'balances' && e.userId === alice.uid);
    expect(aliceBalances).toMatchObject({ balances: expect.arrayContaining([{ account: 'change', currency_id: await currencyId(t, 'USDT'), currency: 'USDT', available: '400', frozen: '0' }]) });
    expect((await t.api('/api/market/trades', { method: 'GET', data: { symbol: 'ETH/USDT', limit: 0 } })).body).toMatchObject({ type: 'error' });
  });
});

describe('market orders and self-trade prevention', () => {
  it('a market buy is capped at what the balance pays for; the rest is cancelled', async () => {
    await limit(t, bob, 'sell', '3000', '1', 'ETH/USDT');
    // Alice has 400 USDT: 0.13333 ETH at 3000 (lot 0.0001) = 0.1333 for 399.9.
    const buy = await trade(t, alice, { symbol: 'ETH/USDT', type: 'buy', amount: '1' });
    expect(buy.body).toMatchObject({ type: 'ok', message: { state: 'cancelled', amount: '1', filled: '0.1333', filled_total: '399.9' } });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '0.1', frozen: '0' });
    expect((await trade(t, alice, { symbol: 'ETH/USDT', type: 'buy', amount: '1' })).body).toMatchObject({ type: 'error', code: 'WALLET.INSUFFICIENT_BALANCE' });
    await expectBalancedLedger(t);
  });

  it("an order that would trade with its own user's resting order expires that order instead", async () => {
    await fund(t, bob.uid, 'USDT', '1000');
    const ownBid = await limit(t, bob, 'buy', '2900', '0.1', 'ETH/USDT');
    const before = await balance(t, bob, 'USDT');
    const sell = await trade(t, bob, { symbol: 'ETH/USDT', type: 'sell', target_price: '2900', amount: '0.1' });
    expect(sell.body).toMatchObject({ type: 'ok', message: { state: 'open', filled: '0' } });
    const history = (await orders(t, bob, 'history')).data.find((o) => o.id === ownBid.id);
    expect(history).toMatchObject({ state: 'cancelled', filled: '0' });
    expect(await balance(t, bob, 'USDT')).toMatchObject({ available: String(Number(before.available) + 290), frozen: '0' });
    expect((await depth(t, 'ETH/USDT')).bids).toEqual([]);
    await expectBalancedLedger(t);
  });
});

describe('favourites', () => {
  it('add, list as quotations, remove; both pair forms; limits', async () => {
    expect((await t.api('/api/optional/list', { method: 'GET' })).body).toMatchObject({ type: 999 });
    expect(await t.ok<Quotation[]>('/api/optional/list', { method: 'GET', token: alice.token })).toEqual([]);
    await t.ok('/api/optional/add', { token: alice.token, data: { symbol: 'SOL/USDT' } });
    await t.ok('/api/optional/add', { token: alice.token, data: { currency_id: await currencyId(t, 'BTC'), legal_id: await currencyId(t, 'USDT') } });
    await t.ok('/api/optional/add', { token: alice.token, data: { symbol: 'sol_usdt' } });
    expect((await t.ok<Quotation[]>('/api/optional/list', { method: 'GET', token: alice.token })).map((q) => q.symbol)).toEqual(['SOL/USDT', 'BTC/USDT']);
    expect(await t.ok<Quotation[]>('/api/optional/list', { method: 'GET', token: bob.token })).toEqual([]);
    await t.ok('/api/optional/del', { token: alice.token, data: { symbol: 'SOL/USDT' } });
    await t.ok('/api/optional/del', { token: alice.token, data: { symbol: 'SOL/USDT' } });
    expect((await t.ok<Quotation[]>('/api/optional/list', { method: 'GET', token: alice.token })).map((q) => q.symbol)).toEqual(['BTC/USDT']);
    expect((await t.api('/api/optional/add', { token: alice.token, data: { symbol: 'DOGE/BTC' } })).body).toMatchObject({ type: 'error', code: 'MARKET.SYMBOL_UNAVAILABLE' });
    expect((await t.api('/api/optional/add', { token: alice.token, data: {} })).body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED' });
  });

  it(`at most ${FAVOURITES_MAX}`, async () => {
    const { db } = t.server;
    // Only about 40 pairs are listed: fill the list with halted stand-in pairs, as a longer catalogue would.
    const currencies = (await db.selectFrom('currencies').select('id').execute()).map((c) => c.id);
    const stand = [];
    for (const base of currencies) for (const quote of currencies) if (base !== quote && stand.length < 2 * FAVOURITES_MAX) stand.push({ base, quote });
    const made = await db.insertInto('market_symbols').values(stand.map((p, i) => ({
      symbol: `STAND${i}/X`, base_currency_id: p.base, quote_currency_id: p.quote, category: 'coin', tick_size: '1', lot_size_minor: '1',
      min_notional_minor: '1', maker_fee_ppm: 0, taker_fee_ppm: 0, status: 0, sort: 1000 + i,
    }))).onConflict((oc) => oc.doNothing()).returning('id').execute();
    expect(made.length).toBeGreaterThanOrEqual(FAVOURITES_MAX);
    await db.insertInto('market_favourites').values(made.slice(0, FAVOURITES_MAX - 1).map((row, i) => ({ user_id: bob.uid, symbol_id: row.id, position: i + 1, created_at: new Date().toISOString() }))).execute();
    await t.ok('/api/optional/add', { token: bob.token, data: { symbol: 'ETH/USDT' } });
    expect((await t.api('/api/optional/add', { token: bob.token, data: { symbol: 'BTC/USDT' } })).body).toMatchObject({ type: 'error', code: 'MARKET.FAVOURITES_FULL' });
    // Halted pairs are not shown.
    expect((await t.ok<Quotation[]>('/api/optional/list', { method: 'GET', token: bob.token })).every((q) => !q.symbol.startsWith('STAND'))).toBe(true);
  });
});

describe('search', () => {
  it('finds pairs by base, pair text and name; counts searches that name a pair; hot search orders by count', async () => {
    const btc = await t.ok<Quotation[]>('/api/market/search', { method: 'GET', data: { q: 'btc' } });
    expect(btc[0]?.symbol).toBe('BTC/USDT');
    expect((await t.ok<Quotation[]>('/api/market/search', { method: 'GET', data: { q: 'Tesla' } })).map((q) => q.symbol)).toEqual(['TSLA/USDT']);
    expect((await t.ok<Quotation[]>('/api/market/search', { method: 'GET', data: { q: 'sol/usdt' } }))[0]?.symbol).toBe('SOL/USDT');
    expect(await t.ok<Quotation[]>('/api/market/search', { method: 'GET', data: { q: 'zzzz' } })).toEqual([]);
    expect((await t.ok<Quotation[]>('/api/market/search', { method: 'GET', data: { q: 'USDT' } })).length).toBe(20);
    expect((await t.api('/api/market/search', { method: 'GET', data: { q: 'x'.repeat(21) } })).body).toMatchObject({ type: 'error', code: 'VALID.TEXT_TOO_LONG' });
    expect((await t.api('/api/market/search', { method: 'GET' })).body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED' });
    // The same address counts once a minute per pair; a minute later it counts again.
    await t.ok('/api/market/search', { method: 'GET', data: { q: 'SOL' } });
    t.clock.advance(61_000);
    await t.ok('/api/market/search', { method: 'GET', data: { q: 'SOL' } });
    const hot = await t.ok<Quotation[]>('/api/market/hot_search', { method: 'GET' });
    expect(hot).toHaveLength(10);
    expect(hot.slice(0, 3).map((q) => q.symbol)).toEqual(['SOL/USDT', 'BTC/USDT', 'TSLA/USDT']);
    const counts = await t.server.db.selectFrom('market_search_counts as c').innerJoin('market_symbols as s', 's.id', 'c.symbol_id').select(['s.symbol', 'c.searches']).orderBy('c.searches', 'desc').execute();
    expect(counts.slice(0, 3)).toEqual([{ symbol: 'SOL/USDT', searches: 2 }, { symbol: 'BTC/USDT', searches: 1 }, { symbol: 'TSLA/USDT', searches: 1 }]);
  });
});
