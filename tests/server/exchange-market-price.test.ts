import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeQuote, WalletOverview } from '../../contract/api/wallet.ts';
import { priceTextToTicks } from '../../server/domain/futures-prices.ts';
import { MARK_SMOOTHING_MS } from '../../server/domain/ticker-mark-price.ts';
import { balance, fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { passSeconds } from './helpers/contracts.ts';
import { cancel, expectBalancedLedger, limit, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/**
 * The wallet values holdings at each currency's X/USDT mark: the last trade clamped into the book and
 * smoothed, held while the book is empty. Not the last trade itself: two accounts trading a crumb with
 * each other on an empty book once set what the house paid (0.1 BTC exchanged for 59,880 USDT after
 * one 0.0001 BTC trade at 600,000). The house exchange deals at the worse for the user of that mark,
 * its target and the book: the mark trails its target by ~10 s and a crumb bought at the ask moves
 * the target, so swapping USDT into BTC at the lagging mark and back once it caught up was a gain
 * bought by waiting, paid by the house, of any size.
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  carol = await makeUser(t, 'carol@example.com');
  await fund(t, alice.uid, 'USDT', '10000');
  await fund(t, bob.uid, 'BTC', '1');
  await fund(t, carol.uid, 'BTC', '1');
  await fund(t, carol.uid, 'USDT', '1000');
});
afterAll(async () => {
  await t?.close();
});

const quote = () => t.ok<ExchangeQuote>('/api/wallet/exchange_quote', { token: alice.token, data: { from_currency: 'BTC', to_currency: 'USDT', amount: '0.01' } });
/** Past the mark's smoothing, so it stands on its input. */
const settle = () => {
  t.clock.advance(MARK_SMOOTHING_MS);
  marketOf(t.server.modules).markPrices.tick();
};

it('is not moved by a trade two accounts make on an empty book', async () => {
  const before = await quote();
  await limit(t, bob, 'sell', '600000', '0.0001');
  await limit(t, alice, 'buy', '600000', '0.0001');
  settle();
  expect(await quote()).toEqual(before);
  await expectBalancedLedger(t);
});

it('follows a trade the book stands behind, and values holdings at it', async () => {
  // A book on both sides (carol), then a trade inside the spread.
  const bid = await limit(t, carol, 'buy', '51000', '0.01');
  const ask = await limit(t, carol, 'sell', '51500', '0.01');
  await limit(t, bob, 'sell', '51234.5', '0.001');
  await limit(t, alice, 'buy', '51234.5', '0.001');
  settle();

  // The house buys the BTC at the bid, not the mark of 51,234.5 (a sale on the book would get no more):
  // 0.01 BTC x 51,000 = 510 USDT, less the 0.2 % exchange fee of 1.02.
  expect(await quote()).toEqual({ from_currency: 'BTC', to_currency: 'USDT', amount: '0.01', price: '51000', fee: '1.02', receive: '508.98' });
  // Bob's 1 - 0.0001 - 0.001 BTC at 51,234.5 (his spot account holds it; USDT from his sales is counted too).
  const overview = await t.ok<WalletOverview>('/api/wallet/list', { token: bob.token });
  const spot = overview.accounts.find((a) => a.account === 'change');
  const btc = spot?.balances.find((b) => b.currency === 'BTC');
  expect(btc?.available).toBe('0.9989');
  expect(btc?.converted).toBe('51178.14205'); // 0.9989 x 51,234.5

  // With a book, the same crumb at 600,000 fills against it instead: the mark reads its best ask, and
  // so does the wallet; the house still buys BTC at the bid.
  const high = await limit(t, bob, 'sell', '600000', '0.0001');
  await limit(t, alice, 'buy', '600000', '0.0001');
  settle();
  expect(marketOf(t.server.modules).markPrices.get('BTC/USDT')?.price).toBe('51500');
  expect((await balance(t, bob, 'BTC')).converted).toBe('51443.35'); // 0.9989 x 51,500 (the 0.0001 at 600,000 still on the book)
  expect((await quote()).price).toBe('51000');
  for (const order of [bid, ask]) await cancel(t, carol, order.id);
  await cancel(t, bob, high.id);
  await expectBalancedLedger(t);
});

/** Prices and balances (at most 8 decimals) compared as integers. */
const ticks = (text: string | null | undefined): bigint => (text ? priceTextToTicks(text) : null) ?? 0n;

describe('a round trip through the house on the lagging mark (a wide quiet book)', () => {
  let u: TestServer;
  let dave: TestUser;
  const exchange = (from: string, to: string, amount: string) => u.ok<ExchangeQuote>('/api/wallet/exchange', {
    token: dave.token, data: { from_currency: from, to_currency: to, amount, idempotency_key: newKey() },
  });
  const seconds = (n: number) => passSeconds(u, n, { contracts: false });

  beforeAll(async () => {
    u = await startTestServer();
    const maker = await makeUser(u, 'trip-maker@example.com');
    dave = await makeUser(u, 'trip-dave@example.com');
    await fund(u, maker.uid, 'BTC', '1');
    await fund(u, maker.uid, 'USDT', '10000');
    await fund(u, dave.uid, 'USDT', '10000');
    await limit(u, maker, 'buy', '59000', '0.01');
    await limit(u, maker, 'sell', '61000', '0.01');
    await seconds(60);
    expect(marketOf(u.server.modules).markPrices.get('BTC/USDT')?.price).toBe('60000');
  });
  afterAll(async () => { await u?.close(); });

  it('buys at the ask the mark is heading for and sells at the bid, so waiting for the mark gains nothing', async () => {
    expect((await trade(u, dave, { symbol: 'BTC/USDT', type: 'buy', amount: '0.0001' })).body.type).toBe('ok');
    expect(marketOf(u.server.modules).markPrices.get('BTC/USDT')?.price).toBe('60000');
    const start = (await balance(u, dave, 'USDT')).available;
    const bought = await exchange('USDT', 'BTC', '5000');
    // At the ask of 61,000, not the lagging mark of 60,000: 5000 / 61,000 = 0.08196721, less the fee 0.00016394.
    expect(bought.receive).toBe('0.08180327');
    await seconds(60);
    expect(ticks(marketOf(u.server.modules).markPrices.get('BTC/USDT')?.price)).toBeGreaterThan(ticks('60990'));
    // At the bid of 59,000, not the caught-up mark of ~61,000.
    const sold = await exchange('BTC', 'USDT', bought.receive);
    expect(sold.price).toBe('59000');
    const end = (await balance(u, dave, 'USDT')).available;
    expect(ticks(end)).toBeLessThan(ticks(start));
    await expectBalancedLedger(u);
  });
});

describe('a crumb resting at the top of a deep book (the house deals any size at the book)', () => {
  let u: TestServer;
  let erin: TestUser;
  const form = (from: string, to: string, amount: string) => ({ from_currency: from, to_currency: to, amount });
  const exchange = async (from: string, to: string, amount: string) => {
    const quoted = await u.ok<ExchangeQuote>('/api/wallet/exchange_quote', { token: erin.token, data: form(from, to, amount) });
    const dealt = await u.ok<ExchangeQuote>('/api/wallet/exchange', { token: erin.token, data: { ...form(from, to, amount), idempotency_key: newKey() } });
    // The quote for that amount shows what the exchange deals at.
    expect(dealt).toEqual(quoted);
    return dealt;
  };
  const seconds = (n: number) => passSeconds(u, n, { contracts: false });

  beforeAll(async () => {
    u = await startTestServer();
    const maker = await makeUser(u, 'deep-maker@example.com');
    erin = await makeUser(u, 'deep-erin@example.com');
    await fund(u, maker.uid, 'BTC', '1');
    await fund(u, maker.uid, 'USDT', '60000');
    await fund(u, erin.uid, 'USDT', '10000');
    await fund(u, erin.uid, 'BTC', '0.0001');
    await limit(u, maker, 'buy', '59000', '1');
    await limit(u, maker, 'sell', '61000', '1');
    await seconds(60);
  });
  afterAll(async () => { await u?.close(); });

  it('prices a swap at the levels its size walks, so a crumb steering the mark to it gains nothing', async () => {
    const start = (await balance(u, erin, 'USDT')).available;
    const low = await limit(u, erin, 'sell', '59001', '0.0001');
    await seconds(60);
    expect(ticks(marketOf(u.server.modules).markPrices.get('BTC/USDT')?.price)).toBeLessThan(ticks('59010'));
    // 5000 USDT buys ~0.082 BTC at the 61,000 behind the crumb (at the crumb's price alone it was
    // 0.0846). The crumb is erin's own, so it is no depth at all for her deal: 5000 / 61,000 =
    // 0.08196721, less the fee 0.00016394 (with it, 0.0001 at 59,001 would give 0.08180589).
    const bought = await exchange('USDT', 'BTC', '5000');
    expect(bought.receive).toBe('0.08180327');
    await cancel(u, erin, low.id);
    const high = await limit(u, erin, 'buy', '60999', '0.0001');
    await seconds(60);
    expect(ticks(marketOf(u.server.modules).markPrices.get('BTC/USDT')?.price)).toBeGreaterThan(ticks('60990'));
    // Selling it back walks the bids at 59,000, past her own crumb bid at 60,999.
    const sold = await exchange('BTC', 'USDT', bought.receive);
    expect(ticks(sold.price)).toBeLessThan(ticks('59010'));
    await cancel(u, erin, high.id);
    expect(ticks((await balance(u, erin, 'USDT')).available)).toBeLessThan(ticks(start));
    await expectBalancedLedger(u);
  });
});
