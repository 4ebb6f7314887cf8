import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../contract/api/market.ts';
import { OPEN_ORDERS_MAX } from '../../server/domain/spot-order-rules.ts';
import { balance, currencyId, fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { expectBalancedLedger, limit, orders, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '1000');
  await fund(t, bob.uid, 'BTC', '1');
});
afterAll(async () => {
  await t?.close();
});

/** Everything an order can change. */
async function snapshot() {
  const db = t.server.db;
  return {
    orders: (await db.selectFrom('spot_orders').select('id').execute()).length,
    trades: (await db.selectFrom('spot_trades').select('id').execute()).length,
    journals: (await db.selectFrom('ledger_journals').select('id').execute()).length,
    balances: await db.selectFrom('ledger_accounts').select(['id', 'available_minor', 'frozen_minor']).orderBy('id').execute(),
  };
}

async function rawPost(path: string, token: string, body: string) {
  const response = await fetch(t.url + path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, body });
  return (await response.json()) as { type: unknown; code?: string; message: string; field?: string };
}

const BAD = ['-1', '0', '0.00', 'NaN', 'Infinity', '-Infinity', '1e309', '1e-3', '1E2', '0x10', '+1', '.5', '5.', '1,5', '0.5 BTC'];

describe('bad orders change nothing', () => {
  it('bad amounts answer VALID.AMOUNT in the request language', async () => {
    const before = await snapshot();
    for (const bad of BAD) {
      const answer = await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: bad }, 'fra');
      expect(answer.body, bad).toMatchObject({ type: 'error', code: 'VALID.AMOUNT', field: 'amount', message: 'Veuillez saisir un montant correct' });
    }
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.000000001' }, 'zh')).body)
      .toMatchObject({ type: 'error', code: 'WALLET.AMOUNT_DECIMALS', message: '小数位数超过该币种允许的位数' });
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.000015' }, 'en')).body)
      .toMatchObject({ type: 'error', code: 'ORDER.AMOUNT_LOT', field: 'amount', message: 'The amount must be a multiple of this pair’s amount step' });
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000' })).body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED', field: 'amount' });
    expect(await snapshot()).toEqual(before);
  });

  it('bad prices answer the price codes', async () => {
    const before = await snapshot();
    for (const bad of BAD) {
      const answer = await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: bad, amount: '0.001' }, 'jp');
      expect(answer.body, bad).toMatchObject({ type: 'error', code: 'ORDER.PRICE_INVALID', field: 'target_price', message: '正しい価格を入力してください' });
    }
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000.05', amount: '0.001' })).body).toMatchObject({ type: 'error', code: 'ORDER.PRICE_TICK' });
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000.123456789', amount: '0.001' })).body).toMatchObject({ type: 'error', code: 'ORDER.PRICE_TICK' });
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.00008' })).body).toMatchObject({ type: 'error', code: 'ORDER.MIN_NOTIONAL' });
    expect(await snapshot()).toEqual(before);
  });

  it('repeated or numeric amount and price fields, unknown pairs and sides are refused', async () => {
    const before = await snapshot();
    const base = `symbol=BTC%2FUSDT&type=buy&idempotency_key=${newKey()}`;
    // A field sent twice is refused before the handler reads it, whichever field it is.
    expect(await rawPost('/api/coin/trade', alice.token, `${base}&target_price=60000&amount=0.001&amount=1`)).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'amount' });
    expect(await rawPost('/api/coin/trade', alice.token, `${base}&target_price=60000&target_price=1&amount=0.001`)).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'target_price' });
    expect((await t.api('/api/coin/trade', { token: alice.token, json: { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: 0.001, idempotency_key: newKey() } })).body)
      .toMatchObject({ type: 'error', code: 'VALID.AMOUNT', field: 'amount' });
    expect((await t.api('/api/coin/trade', { token: alice.token, json: { symbol: 'BTC/USDT', type: 'buy', target_price: 60000, amount: '0.001', idempotency_key: newKey() } })).body)
      .toMatchObject({ type: 'error', code: 'ORDER.PRICE_INVALID', field: 'target_price' });
    expect((await trade(t, alice, { symbol: 'NOPE/USDT', type: 'buy', target_price: '1', amount: '1' })).body).toMatchObject({ type: 'error', code: 'MARKET.SYMBOL_UNAVAILABLE' });
    expect((await trade(t, alice, { currency_id: await currencyId(t, 'USDT'), legal_id: await currencyId(t, 'BTC'), type: 'buy', target_price: '1', amount: '1' })).body)
      .toMatchObject({ type: 'error', code: 'MARKET.SYMBOL_UNAVAILABLE' });
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'long', target_price: '60000', amount: '0.001' })).body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'type' });
    expect((await t.api('/api/coin/trade', { token: alice.token, data: { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.001' } })).body)
      .toMatchObject({ type: 'error', code: 'VALID.REQUIRED', field: 'idempotency_key' });
    expect((await t.api('/api/coin/trade', { data: { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.001', idempotency_key: newKey() } })).body).toMatchObject({ type: 999 });
    expect(await snapshot()).toEqual(before);
  });

  it('more than the balance is refused whole (a limit buy, a sell)', async () => {
    const before = await snapshot();
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '0.02' }, 'kor')).body)
      .toMatchObject({ type: 'error', code: 'WALLET.INSUFFICIENT_BALANCE', message: '잔액이 부족합니다' });
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'sell', target_price: '60000', amount: '0.001' })).body).toMatchObject({ type: 'error', code: 'WALLET.INSUFFICIENT_BALANCE' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('mass assignment', () => {
  it('user_id, state, filled, fee, price_ticks and hold in the body are ignored', async () => {
    const order = await t.ok<SpotOrder>('/api/coin/trade', {
      token: alice.token,
      data: {
        symbol: 'BTC/USDT', type: 'buy', target_price: '50000', amount: '0.001', idempotency_key: newKey(),
        user_id: bob.uid, uid: bob.uid, state: 'filled', filled: '0.001', fee: '0', price_ticks: '1', hold_minor: '0', id: 1, created_at: '2000-01-01T00:00:00.000Z',
      },
    });
    expect(order).toMatchObject({ state: 'open', filled: '0', fee: '0', price: '50000', amount: '0.001' });
    expect(order.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    const row = await t.server.db.selectFrom('spot_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: alice.uid, hold_minor: '50000000', state: 'open' });
    expect(await balance(t, alice, 'USDT')).toMatchObject({ available: '950', frozen: '50' });
    expect((await orders(t, bob, 'open')).total).toBe(0);
    await expectBalancedLedger(t);
  });
});

describe('idempotency', () => {
  it('the same key twice places one order and answers it twice; the key with other fields is refused', async () => {
    const key = newKey();
    const data = { symbol: 'BTC/USDT', type: 'buy', target_price: '40000', amount: '0.001', idempotency_key: key };
    const first = await t.ok<SpotOrder>('/api/coin/trade', { token: alice.token, data });
    const again = await t.ok<SpotOrder>('/api/coin/trade', { token: alice.token, data: { ...data, lang: 'th' } });
    expect(again).toEqual(first);
    expect((await t.api('/api/coin/trade', { token: alice.token, data: { ...data, amount: '0.002' } })).body).toMatchObject({ type: 'error', code: 'IDEMPOTENCY.KEY_REUSED' });
    expect((await orders(t, alice, 'open')).data.filter((o) => o.price === '40000')).toHaveLength(1);
  });

  it('the same key sent 20 times at once places one order', async () => {
    const key = newKey();
    const data = { symbol: 'BTC/USDT', type: 'buy', target_price: '30000', amount: '0.001', idempotency_key: key };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.ok<SpotOrder>('/api/coin/trade', { token: alice.token, data })));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect((await orders(t, alice, 'open')).data.filter((o) => o.price === '30000')).toHaveLength(1);
    // The same key is another user's own key.
    const bobs = await t.ok<SpotOrder>('/api/coin/trade', { token: bob.token, data: { ...data, type: 'sell', target_price: '90000' } });
    expect(bobs.id).not.toBe(answers[0]?.id);
    await expectBalancedLedger(t);
  });

  it('a refused order keeps its answer under its key', async () => {
    const key = newKey();
    const data = { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '1', idempotency_key: key };
    expect((await t.api('/api/coin/trade', { token: alice.token, data })).body).toMatchObject({ type: 'error', code: 'WALLET.INSUFFICIENT_BALANCE' });
    await fund(t, alice.uid, 'USDT', '100000');
    expect((await t.api('/api/coin/trade', { token: alice.token, data })).body).toMatchObject({ type: 'error', code: 'WALLET.INSUFFICIENT_BALANCE' });
    expect((await trade(t, alice, { symbol: 'BTC/USDT', type: 'buy', target_price: '60000', amount: '1' })).body.type).toBe('ok');
  });
});

describe('limits', () => {
  it(`a user may keep at most ${OPEN_ORDERS_MAX} open orders on a pair`, async () => {
    await fund(t, bob.uid, 'ETH', '100');
    const open = (await orders(t, bob, 'open', { symbol: 'ETH/USDT' })).total;
    for (let i = open; i < OPEN_ORDERS_MAX; i += 1) await limit(t, bob, 'sell', String(4000 + i), '0.01', 'ETH/USDT');
    const over = await trade(t, bob, { symbol: 'ETH/USDT', type: 'sell', target_price: '9999', amount: '0.01' });
    expect(over.body).toMatchObject({ type: 'error', code: 'ORDER.TOO_MANY_OPEN' });
    const page = await orders(t, bob, 'open', { symbol: 'ETH/USDT', limit: '500' });
    expect(page).toMatchObject({ total: OPEN_ORDERS_MAX, limit: 50 });
    expect(page.data).toHaveLength(50);
  });
});
