import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionOrder } from '../../contract/api/contracts.ts';
import { priceTextToTicks } from '../../server/domain/futures-prices.ts';
import { fundAccount, passSeconds, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { expectBalancedLedger, limit, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { contractsOf } from '../../server/modules/contracts/module.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/**
 * The mark is a ~10 s average trailing a public target (last trade clamped into the spread), so an
 * option entered at the mark alone was won by anyone who saw the target beyond it; one 6 USDT buy at
 * the ask was enough to make that happen. Entries take the worse of mark and target for the buyer.
 */
const BTC = 'BTC/USDT';
const ticks = (price: string | null | undefined): bigint => (price ? priceTextToTicks(price) : null) ?? 0n;

interface QuietBook {
  t: TestServer;
  bob: TestUser;
  usdt: number;
  btcSymbolId: number;
  /** Moves the clock `n` seconds, a mark round and a contracts pass each. */
  seconds(n: number): Promise<void>;
}

/**
 * A server with the simulator off and one maker's two-sided book, 59990 / 60010, the mark at rest on
 * its mid after a minute; bob holds `micro` USDT for options and crumbs of USDT and BTC to trade.
 */
async function quietBook(tag: string, micro: string): Promise<QuietBook> {
  const t = await startTestServer();
  const maker = await makeUser(t, `${tag}-maker@example.com`);
  const bob = await makeUser(t, `${tag}-bob@example.com`);
  await fund(t, maker.uid, 'BTC', '1');
  await fund(t, maker.uid, 'USDT', '10000');
  await fund(t, bob.uid, 'USDT', '20');
  await fund(t, bob.uid, 'BTC', '0.001');
  await fundAccount(t, bob, micro, 'micro');
  const usdt = await currencyId(t, 'USDT');
  const btcSymbolId = (await t.server.db.selectFrom('market_symbols').select('id').where('symbol', '=', BTC).executeTakeFirstOrThrow()).id;
  const seconds = (n: number) => passSeconds(t, n);
  await limit(t, maker, 'buy', '59990', '0.01');
  await limit(t, maker, 'sell', '60010', '0.01');
  await seconds(60);
  return { t, bob, usdt, btcSymbolId, seconds };
}

describe('options on the market marks (simulator off, nobody else trades)', () => {
  let t: TestServer;
  let bob: TestUser;
  let usdt: number;
  let btcSymbolId: number;
  let seconds: QuietBook['seconds'];

  beforeAll(async () => {
    ({ t, bob, usdt, btcSymbolId, seconds } = await quietBook('lag', '20000'));
    expect(marketOf(t.server.modules).markPrices.get(BTC)?.price).toBe('60000');
  });
  afterAll(async () => { await t?.close(); });

  const place = (type: 'up' | 'down') => t.ok<OptionOrder>('/api/microtrade/submit', {
    token: bob.token, data: { match_id: btcSymbolId, currency_id: usdt, type, seconds: 30, number: '10000', idempotency_key: newKey() },
  });
  const result = (option: OptionOrder) => t.ok<OptionOrder>('/api/microtrade/get_result', { method: 'GET', token: bob.token, data: { id: option.id } });

  it('right after a crumb buy at the ask, up enters at the ask the mark is heading for and does not win by waiting', async () => {
    expect((await trade(t, bob, { symbol: BTC, type: 'buy', amount: '0.0001' })).body.type).toBe('ok');
    // Before the mark's next round: the target is read from the book as it is now.
    expect(marketOf(t.server.modules).markPrices.get(BTC)?.price).toBe('60000');
    const up = await place('up');
    expect(up.buy_price).toBe('60010');
    // Down deals at the bid, below both the mark and its target.
    const down = await place('down');
    expect(down.buy_price).toBe('59990');
    await seconds(34);
    // The mark climbs towards 60010 and, at the expiry, has not quite reached it.
    const settled = await result(up);
    expect(settled).toMatchObject({ state: 'settled', outcome: 'lose' });
    expect(ticks(settled.sell_price)).toBeGreaterThan(ticks('60009'));
    expect(await result(down)).toMatchObject({ state: 'settled', outcome: 'lose' });
    expect(await balance(t, bob, 'USDT', 'micro')).toMatchObject({ available: '0', frozen: '0' });
    await expectBalancedLedger(t);
  });

  it('right after a crumb sell at the bid, down enters at the bid and does not win by waiting', async () => {
    await fundAccount(t, bob, '10000', 'micro');
    await seconds(60);
    expect(ticks(marketOf(t.server.modules).markPrices.get(BTC)?.price)).toBeGreaterThan(ticks('60009.99'));
    expect((await trade(t, bob, { symbol: BTC, type: 'sell', amount: '0.0001' })).body.type).toBe('ok');
    const down = await place('down');
    expect(down.buy_price).toBe('59990');
    await seconds(34);
    expect(await result(down)).toMatchObject({ state: 'settled', outcome: 'lose' });
    await expectBalancedLedger(t);
  });
});

describe('a crumb after the option (simulator off, a quiet book)', () => {
  let t: TestServer;
  let bob: TestUser;
  let usdt: number;
  let btcSymbolId: number;
  let seconds: QuietBook['seconds'];

  beforeAll(async () => {
    ({ t, bob, usdt, btcSymbolId, seconds } = await quietBook('quiet', '10000'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an up placed at a mark at rest mid-spread, then one crumb bought at the ask: it enters at the ask and does not win', async () => {
    // Mark and target agree at 60000, mid-spread: only the book's ask is above them.
    expect(marketOf(t.server.modules).markPrices.get(BTC)?.price).toBe('60000');
    expect(marketOf(t.server.modules).markPrices.target(BTC)).toBe('60000');
    const up = await t.ok<OptionOrder>('/api/microtrade/submit', {
      token: bob.token, data: { match_id: btcSymbolId, currency_id: usdt, type: 'up', seconds: 30, number: '10000', idempotency_key: newKey() },
    });
    expect(up.buy_price).toBe('60010');
    // The crumb lifts the target to the ask; the mark follows it, and the house would have paid for it.
    expect((await trade(t, bob, { symbol: BTC, type: 'buy', amount: '0.0001' })).body.type).toBe('ok');
    await seconds(34);
    const settled = await t.ok<OptionOrder>('/api/microtrade/get_result', { method: 'GET', token: bob.token, data: { id: up.id } });
    expect(ticks(settled.sell_price)).toBeGreaterThan(ticks('60000'));
    expect(settled).toMatchObject({ state: 'settled', outcome: 'lose' });
    await expectBalancedLedger(t);
  });
});

describe('the target through the contracts mark source', () => {
  let c: ContractsServer;
  let bob: TestUser;
  let usdt: number;
  let btcSymbolId: number;

  beforeAll(async () => {
    c = await startContractsServer();
    bob = await makeUser(c.t, 'lag-ops@example.com');
    await fundAccount(c.t, bob, '500', 'micro');
    usdt = await currencyId(c.t, 'USDT');
    btcSymbolId = (await c.t.server.db.selectFrom('market_symbols').select('id').where('symbol', '=', BTC).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await c?.t.close(); });

  const place = (type: 'up' | 'down') => c.t.ok<OptionOrder>('/api/microtrade/submit', {
    token: bob.token, data: { match_id: btcSymbolId, currency_id: usdt, type, seconds: 30, number: '10', idempotency_key: newKey() },
  });

  it('a mark below its target: up enters at the target, down at the mark; a mark at rest is its own target', async () => {
    c.marks.set(BTC, '60000', c.t.clock.now().getTime(), '60050');
    expect((await place('up')).buy_price).toBe('60050');
    expect((await place('down')).buy_price).toBe('60000');
    c.marks.set(BTC, '60000', c.t.clock.now().getTime(), '59950');
    expect((await place('up')).buy_price).toBe('60000');
    expect((await place('down')).buy_price).toBe('59950');
    c.setMark(BTC, '60000');
    expect((await place('up')).buy_price).toBe('60000');
  });

  it("an operator's override is its own target, whatever the market's", async () => {
    const { marks } = contractsOf(c.t.server.modules);
    c.marks.set(BTC, '60000', c.t.clock.now().getTime(), '60050');
    await marks.set(BTC, '61000', 'test');
    await c.tick();
    expect((await place('up')).buy_price).toBe('61000');
    expect((await place('down')).buy_price).toBe('61000');
    await marks.clear(BTC);
    await c.tick();
    expect((await place('up')).buy_price).toBe('60050');
  });
});
