import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DualProduct } from '../../contract/api/dual.ts';
import type { EarnOrder, EarnPositions, EarnPreview, InvestProduct } from '../../contract/api/invest.ts';
import type { BillEntry } from '../../contract/api/wallet.ts';
import type { Page } from '../../contract/envelope.ts';
import { investCreate } from '../../server/modules/earn/earn-commands.ts';
import { earnDb } from '../../server/modules/earn/earn-products.ts';
import { fundAccount } from './helpers/contracts.ts';
import { buyDual, buyInvest, makeTraders, opsOf, settleDue, tradeAt } from './helpers/earn.ts';
import { balance, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { expectBalancedLedger } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Invest and dual products over real HTTP: previews, purchases from the finance account, bad
 * quantities, another user's order, a race for the last shares, and settlement at the fixing
 * average in the coin the rule picks.
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let seller: TestUser;
let buyer: TestUser;
let btc7: InvestProduct;

const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice-earn@example.com');
  bob = await makeUser(t, 'bob-earn@example.com');
  seller = await makeUser(t, 'seller-earn@example.com');
  buyer = await makeUser(t, 'buyer-earn@example.com');
  await fundAccount(t, alice, '1', 'financial', 'BTC');
  await fundAccount(t, alice, '1000', 'financial', 'USDT');
  await makeTraders(t, seller, buyer);
  const list = await t.ok<Page<InvestProduct>>('/api/invest/list', { method: 'GET' });
  btc7 = list.data.find((p) => p.name === 'BTC linked 7 days') as InvestProduct;
});
afterAll(async () => {
  await t?.close();
});

const remaining = async (id: number) => (await t.ok<InvestProduct>('/api/invest/detail', { method: 'GET', data: { id } })).remaining_shares;

/** Moves the clock to `ms` before the order's fixing time. */
function toBeforeFixing(order: EarnOrder, ms: number): void {
  t.clock.advance(Date.parse(order.fixing.at) - ms - t.clock.now().getTime());
}

describe('invest products', () => {
  it('lists the seeded products with per-share price, rate, linked price, days, maturity and shares', async () => {
    expect(btc7).toMatchObject({ coin: 'BTC', quote: 'USDT', share_price: '0.001', annual_rate: '0.12', linked_price: '62000', days: 7, min_shares: 1, state: 'open', fixing_window_minutes: 30 });
    expect(btc7.remaining_shares).toBe(btc7.total_shares);
    const eth = await t.ok<Page<InvestProduct>>('/api/invest/list', { method: 'GET', data: { coin: 'ETH' } });
    expect(eth.data.map((p) => p.coin)).toEqual(['ETH']);
  });

  it('previews both outcomes as amounts, from the settling rule', async () => {
    const preview = await t.ok<EarnPreview>('/api/invest/preview', { method: 'GET', data: { id: btc7.id, num: '10' } });
    // 0.01 BTC x (1 + 7 x 0.12 / 365) = 0.0100230137 -> 0.01002301; x 62,000 = 621.426849...
    expect(preview).toMatchObject({
      principal: { currency: 'BTC', amount: '0.01' }, shares: 10,
      coin_outcome: { currency: 'BTC', amount: '0.01002301', when: 'below' },
      quote_outcome: { currency: 'USDT', amount: '621.426849', when: 'at_or_above' },
      fixing: { symbol: 'BTC/USDT', window_minutes: 30 },
    });
    expect(Date.parse(preview.fixing.at) - Date.parse(preview.fixing.from)).toBe(30 * MINUTE);
  });

  it('refuses bad quantities with the spec\'s messages and changes nothing', async () => {
    const before = { shares: await remaining(btc7.id), money: await balance(t, alice, 'BTC', 'financial') };
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'INVEST.QUANTITY_REQUIRED'], [{ num: '' }, 'INVEST.QUANTITY_REQUIRED'], [{ num: '0' }, 'INVEST.QUANTITY_BELOW_MIN'],
      [{ num: '-1' }, 'INVEST.QUANTITY_INTEGER'], [{ num: '1.5' }, 'INVEST.QUANTITY_INTEGER'], [{ num: 'ten' }, 'INVEST.QUANTITY_INTEGER'],
      [{ num: '1000000000000000000000' }, 'INVEST.SHARES_UNAVAILABLE'], [{ num: ['1', '2'] }, 'COMMON.PARAM_INVALID'],
    ];
    for (const [fields, code] of cases) {
      const answer = await t.api('/api/invest/buy', { token: alice.token, json: { id: btc7.id, idempotency_key: newKey(), ...fields } });
      expect(answer.body, JSON.stringify(fields)).toMatchObject({ type: 'error', code });
    }
    const zh = await t.api('/api/invest/buy', { token: alice.token, lang: 'zh', data: { id: btc7.id, num: '1.5', idempotency_key: newKey() } });
    expect(zh.body).toMatchObject({ code: 'INVEST.QUANTITY_INTEGER', message: '请输入整数' });
    const en = await t.api('/api/invest/buy', { token: alice.token, lang: 'en', data: { id: btc7.id, idempotency_key: newKey() } });
    expect(en.body).toMatchObject({ message: 'Please enter purchase quantity' });
    expect(await remaining(btc7.id)).toBe(before.shares);
    expect(await balance(t, alice, 'BTC', 'financial')).toEqual(before.money);
  });

  it('a purchase freezes the deposit in the finance account; the same key answers the same order', async () => {
    const key = newKey();
    const first = await buyInvest(t, alice, btc7.id, '10', key);
    expect(first.body.type).toBe('ok');
    const order = (first.body as { message: EarnOrder }).message;
    expect(order).toMatchObject({ product: 'invest', shares: 10, state: 'purchased', principal: { currency: 'BTC', amount: '0.01' } });
    expect((await buyInvest(t, alice, btc7.id, '10', key)).body).toEqual(first.body);
    expect(await balance(t, alice, 'BTC', 'financial')).toMatchObject({ available: '0.99', frozen: '0.01' });
    expect(await remaining(btc7.id)).toBe(btc7.total_shares - 10);
    await expectBalancedLedger(t);
  });

  it("another user's order answers not found", async () => {
    const mine = await t.ok<Page<EarnOrder>>('/api/invest/orders', { method: 'GET', token: alice.token });
    const id = mine.data[0]?.id as number;
    expect((await t.api('/api/invest/order', { method: 'GET', token: bob.token, data: { id } })).body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
    expect((await t.ok<Page<EarnOrder>>('/api/invest/orders', { method: 'GET', token: bob.token })).total).toBe(0);
  });

  it('50 parallel purchases of the last 10 shares sell exactly 10', async () => {
    const created = await investCreate(opsOf(t), { positional: ['name=Race', 'coin=BTC', 'price=0.0001', 'linked=60000', 'rate=10%', 'days=3', 'shares=10'], flags: new Set() });
    const id = Number(/#(\d+)/.exec(created)?.[1]);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => makeUser(t, `race-${i}@example.com`)));
    for (const user of buyers) await fundAccount(t, user, '0.01', 'financial', 'BTC');
    const answers = await Promise.all(buyers.map((user) => buyInvest(t, user, id, '1')));
    const ok = answers.filter((a) => a.body.type === 'ok');
    expect(ok).toHaveLength(10);
    for (const refused of answers.filter((a) => a.body.type !== 'ok')) expect(refused.body).toMatchObject({ code: 'INVEST.SHARES_UNAVAILABLE' });
    expect(await remaining(id)).toBe(0);
    const sold = await t.server.db.selectFrom('ledger_journals').select('id').where('kind', '=', 'invest_buy').where('user_id', 'in', buyers.map((b) => b.uid)).execute();
    expect(sold).toHaveLength(10);
    await expectBalancedLedger(t);
  });
});

describe('settlement at maturity', () => {
  it('settles in BTC when the fixing average is below the linked price, in bills and balances', async () => {
    const [order] = (await t.ok<Page<EarnOrder>>('/api/invest/orders', { method: 'GET', token: alice.token })).data as [EarnOrder];
    toBeforeFixing(order, 20 * MINUTE);
    await tradeAt(t, seller, buyer, '61000');
    t.clock.advance(10 * MINUTE);
    await tradeAt(t, seller, buyer, '61200');
    // Past the fixing, before its grace: nothing settles yet.
    t.clock.advance(10 * MINUTE + 1000);
    await settleDue(t);
    expect((await t.ok<EarnOrder>('/api/invest/order', { method: 'GET', token: alice.token, data: { id: order.id } })).state).toBe('purchased');
    t.clock.advance(60_000);
    await settleDue(t);
    const settled = await t.ok<EarnOrder>('/api/invest/order', { method: 'GET', token: alice.token, data: { id: order.id } });
    // The window's first 10 minutes had no price yet; then 10 closes at 61,000 and 10 at 61,200: 61,100.
    expect(settled).toMatchObject({ state: 'completed', payout: { currency: 'BTC', amount: '0.01002301' }, earned: { currency: 'BTC', amount: '0.00002301' } });
    expect(settled.settle_price).toBe('61100');
    expect(await balance(t, alice, 'BTC', 'financial')).toMatchObject({ available: '1.00002301', frozen: '0' });
    const bills = await t.ok<Page<BillEntry>>('/api/wallet/legal_log', { method: 'GET', token: alice.token, data: { account: 'financial' } });
    expect(bills.data[0]).toMatchObject({ kind: 'invest_settle', currency: 'BTC', change: '0.01002301' });
    const positions = await t.ok<EarnPositions>('/api/invest/positions', { method: 'GET', token: alice.token });
    expect(positions.earned).toEqual([{ currency: 'BTC', amount: '0.00002301' }]);
    await expectBalancedLedger(t);
  });

  it('the fixing is the mean of the window\'s closes; at or above the linked price it pays USDT', async () => {
    const bought = await buyInvest(t, alice, btc7.id, '10');
    const order = (bought.body as { message: EarnOrder }).message;
    toBeforeFixing(order, 30 * MINUTE);
    await tradeAt(t, seller, buyer, '61000');
    t.clock.advance(15 * MINUTE);
    await tradeAt(t, seller, buyer, '63000');
    t.clock.advance(15 * MINUTE + 70_000);
    await settleDue(t);
    const settled = await t.ok<EarnOrder>('/api/invest/order', { method: 'GET', token: alice.token, data: { id: order.id } });
    // 15 minutes at 61,000 and 15 at 63,000: 62,000, exactly the linked price -> USDT.
    expect(settled).toMatchObject({ state: 'completed', settle_price: '62000', payout: { currency: 'USDT', amount: '621.426849' } });
    expect(await balance(t, alice, 'USDT', 'financial')).toMatchObject({ available: '1621.426849' });
    await expectBalancedLedger(t);
  });

  it('with no trade in the window the order waits in settling, and settles once a later fixing is known', async () => {
    const dual = (await t.ok<Page<DualProduct>>('/api/dual/index', { method: 'GET', data: { type: 'buy_low' } })).data.find((d) => d.coin === 'BTC') as DualProduct;
    const preview = await t.ok<EarnPreview>('/api/dual/preview', { method: 'GET', data: { id: dual.id, num: '100' } });
    expect(preview).toMatchObject({ principal: { currency: 'USDT', amount: '100' }, coin_outcome: { currency: 'BTC', when: 'at_or_below' }, quote_outcome: { currency: 'USDT', when: 'above' } });
    const bought = await buyDual(t, alice, dual.id, '100');
    expect(bought.body.type).toBe('ok');
    const order = (bought.body as { message: EarnOrder }).message;
    t.clock.advance(Date.parse(order.fixing.at) + 70_000 - t.clock.now().getTime());
    await settleDue(t);
    const waiting = (await t.ok<Page<EarnOrder>>('/api/dual/dual_list', { method: 'GET', token: alice.token })).data[0];
    expect(waiting).toMatchObject({ id: order.id, state: 'settling', payout: null });
    // A fixing recorded later (an operator's backfill, or the candles arriving late) settles it once.
    await earnDb(t.server.db).insertInto('earn_fixings').values({ symbol: 'BTC/USDT', fixing_at: order.fixing.at, price_ticks: '5000000000000', minutes: 1, created_at: new Date().toISOString() }).execute();
    t.clock.advance(10_000);
    await settleDue(t);
    await settleDue(t);
    const settled = (await t.ok<Page<EarnOrder>>('/api/dual/dual_list', { method: 'GET', token: alice.token, data: { status: 'history' } })).data[0];
    expect(settled).toMatchObject({ id: order.id, state: 'completed', payout: { currency: 'BTC', amount: preview.coin_outcome.amount } });
    const journals = await t.server.db.selectFrom('ledger_journals').select('id').where('kind', '=', 'dual_settle').where('ref_id', '=', order.id).execute();
    expect(journals).toHaveLength(1);
    await expectBalancedLedger(t);
  });
});
