import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesCloseResult, FuturesSubmitResult } from '../../contract/api/contracts.ts';
import { priceTextToTicks } from '../../server/domain/futures-prices.ts';
import { fundAccount, passSeconds } from './helpers/contracts.ts';
import { fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { cancel, expectBalancedLedger, limit, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/**
 * The mark is a ~10 s average trailing a public target (the last trade clamped into the spread). A
 * market long opened at the mark right after a crumb buy at the ask, and closed once the mark had
 * caught up, was a gain bought by waiting and paid by the house (as options-mark-lag.test.ts is for
 * options); a long closed at a mark still above a target that had dropped dodged the loss. Market
 * opens and manual closes deal at the worse for the user of mark, target and book.
 */
const BTC = 'BTC/USDT';
const ticks = (price: string | null | undefined): bigint => (price ? priceTextToTicks(price) : null) ?? 0n;

describe('futures on the market marks (simulator off, a wide quiet book)', () => {
  let t: TestServer;
  let bob: TestUser;
  const seconds = (n: number) => passSeconds(t, n);
  const open = () => t.ok<FuturesSubmitResult>('/api/lever/submit', {
    token: bob.token, data: { symbol: BTC, type: 'long', multiple: 100, lots: 100, idempotency_key: newKey() },
  });
  const close = (id: number) => t.ok<FuturesCloseResult>('/api/lever/close', { token: bob.token, data: { id } });

  beforeAll(async () => {
    t = await startTestServer();
    const maker = await makeUser(t, 'flag-maker@example.com');
    bob = await makeUser(t, 'flag-bob@example.com');
    await fund(t, maker.uid, 'BTC', '1');
    await fund(t, maker.uid, 'USDT', '10000');
    await fund(t, bob.uid, 'USDT', '20');
    await fund(t, bob.uid, 'BTC', '0.001');
    await fundAccount(t, bob, '1000', 'lever');
    await limit(t, maker, 'buy', '59000', '0.01');
    await limit(t, maker, 'sell', '61000', '0.01');
    await seconds(60);
    expect(marketOf(t.server.modules).markPrices.get(BTC)?.price).toBe('60000');
  });
  afterAll(async () => { await t?.close(); });

  it('right after a crumb buy at the ask, a market long opens at the ask the mark is heading for, not at the lagging mark', async () => {
    expect((await trade(t, bob, { symbol: BTC, type: 'buy', amount: '0.0001' })).body.type).toBe('ok');
    expect(marketOf(t.server.modules).markPrices.get(BTC)?.price).toBe('60000');
    const { position } = await open();
    expect(position.open_price).toBe('61000');
    await seconds(60);
    expect(ticks(marketOf(t.server.modules).markPrices.get(BTC)?.price)).toBeGreaterThan(ticks('60990'));
    // Waiting for the mark bought nothing: a long sells at the bid.
    const closed = await close(position.id);
    expect(closed.position.current_price).toBe('59000');
    expect(closed.position.profit).toBe('-200');
    await expectBalancedLedger(t);
  });

  it('right after a crumb sell at the bid, a long closes at the bid, not at the mark still above it', async () => {
    expect((await trade(t, bob, { symbol: BTC, type: 'buy', amount: '0.0001' })).body.type).toBe('ok');
    await seconds(60);
    const { position } = await open();
    expect((await trade(t, bob, { symbol: BTC, type: 'sell', amount: '0.0001' })).body.type).toBe('ok');
    expect(ticks(marketOf(t.server.modules).markPrices.get(BTC)?.price)).toBeGreaterThan(ticks('60990'));
    const closed = await close(position.id);
    expect(closed.position.current_price).toBe('59000');
    await expectBalancedLedger(t);
  });
});

describe('stops of a market order dealt away from the mark', () => {
  let t: TestServer;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestServer();
    const maker = await makeUser(t, 'fstop-maker@example.com');
    bob = await makeUser(t, 'fstop-bob@example.com');
    await fund(t, maker.uid, 'BTC', '1');
    await fund(t, maker.uid, 'USDT', '10000');
    await fund(t, bob.uid, 'USDT', '20');
    await fundAccount(t, bob, '1000', 'lever');
    await limit(t, maker, 'buy', '59000', '0.01');
    await limit(t, maker, 'sell', '61000', '0.01');
    await passSeconds(t, 60, { contracts: false });
  });
  afterAll(async () => { await t?.close(); });

  it('refuses a take-profit between the mark and the ask the long opens at (it would close at a loss)', async () => {
    expect(marketOf(t.server.modules).markPrices.get(BTC)?.price).toBe('60000');
    const answer = await t.api('/api/lever/submit', {
      token: bob.token, data: { symbol: BTC, type: 'long', multiple: 10, lots: 10, target_profit_price: '60500', idempotency_key: newKey() },
    });
    expect(answer.body).toMatchObject({ type: 'error', code: 'CONTRACT.TAKE_PROFIT_INVALID' });
    await expectBalancedLedger(t);
  });
});

describe('a crumb resting at the top of a deep book', () => {
  let t: TestServer;
  let bob: TestUser;
  let carl: TestUser;
  const seconds = (n: number) => passSeconds(t, n);

  beforeAll(async () => {
    t = await startTestServer();
    const maker = await makeUser(t, 'fdeep-maker@example.com');
    bob = await makeUser(t, 'fdeep-bob@example.com');
    carl = await makeUser(t, 'fdeep-carl@example.com');
    await fund(t, maker.uid, 'BTC', '1');
    await fund(t, maker.uid, 'USDT', '60000');
    await fund(t, carl.uid, 'BTC', '0.0001');
    await fund(t, carl.uid, 'USDT', '20');
    await fund(t, bob.uid, 'USDT', '20');
    await fund(t, bob.uid, 'BTC', '0.0001');
    await fundAccount(t, bob, '1000', 'lever');
    await limit(t, maker, 'buy', '59000', '1');
    await limit(t, maker, 'sell', '61000', '1');
    await seconds(60);
  });
  afterAll(async () => { await t?.close(); });

  it('a market long opens at the average of the asks its size walks, and closes at that of the bids, not at the crumbs', async () => {
    const low = await limit(t, carl, 'sell', '59001', '0.0001');
    await seconds(60);
    expect(ticks(marketOf(t.server.modules).markPrices.get(BTC)?.price)).toBeLessThan(ticks('59010'));
    // 100 lots of 0.001 BTC: 0.0001 at the crumb's 59,001 and 0.0999 at 61,000.
    const { position } = await t.ok<FuturesSubmitResult>('/api/lever/submit', {
      token: bob.token, data: { symbol: BTC, type: 'long', multiple: 100, lots: 100, idempotency_key: newKey() },
    });
    expect(position.open_price).toBe('60998.001');
    expect((await cancel(t, carl, low.id)).body.type).toBe('ok');
    const high = await limit(t, carl, 'buy', '60999', '0.0001');
    await seconds(60);
    expect(ticks(marketOf(t.server.modules).markPrices.get(BTC)?.price)).toBeGreaterThan(ticks('60990'));
    // Selling 0.1 BTC: 0.0001 at the crumb's 60,999 and 0.0999 at 59,000.
    const closed = await t.ok<FuturesCloseResult>('/api/lever/close', { token: bob.token, data: { id: position.id } });
    expect(closed.position.current_price).toBe('59001.999');
    expect((await cancel(t, carl, high.id)).body.type).toBe('ok');
    await expectBalancedLedger(t);
  });

  it("the user's own crumb is no depth for their deal: the long opens at the asks behind it", async () => {
    const own = await limit(t, bob, 'sell', '59001', '0.0001');
    await seconds(60);
    expect(ticks(marketOf(t.server.modules).markPrices.get(BTC)?.price)).toBeLessThan(ticks('59010'));
    const { position } = await t.ok<FuturesSubmitResult>('/api/lever/submit', {
      token: bob.token, data: { symbol: BTC, type: 'long', multiple: 100, lots: 100, idempotency_key: newKey() },
    });
    expect(position.open_price).toBe('61000');
    expect((await cancel(t, bob, own.id)).body.type).toBe('ok');
    await t.ok<FuturesCloseResult>('/api/lever/close', { token: bob.token, data: { id: position.id } });
    await expectBalancedLedger(t);
  });
});
