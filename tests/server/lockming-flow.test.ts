import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LockOrder, LockPreview, LockProduct, RedeemPreview } from '../../contract/api/lockming.ts';
import type { BillEntry } from '../../contract/api/wallet.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { LOCKMING_OPS } from '../../server/modules/lockming/ops.ts';
import type { LockTables } from '../../server/modules/lockming/schema.ts';
import { seedLockProducts } from '../../server/modules/lockming/seed.ts';
import { balance, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { fundMining, lockAmount, orderOf, productOf } from './helpers/lockming.ts';
import { runOps } from './helpers/server-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Lock mining over real HTTP, time moved by the test's clock and the due work run as the server's
 * runner would. The seeded USDT lock product: min 100, max 50,000, 0.3 % a day for 5 days, dividends
 * at 00:00 UTC, penalty 0.4 % a remaining day. 1,000 USDT earns 3 a day; redeemed with 3 days left,
 * it pays 0.4 % x 3 x 1,000 = 12 and gets 988 back.
 */
const DAY_MS = 86_400_000;
let t: TestServer;
let ann: TestUser;
let product: LockProduct;

const days = async (n: number) => {
  t.clock.advance(n * DAY_MS);
  await t.server.services.dueWork.runDue();
};
const mining = async (user: TestUser) => balance(t, user, 'USDT', 'mining');

beforeAll(async () => {
  t = await startTestServer();
  ann = await makeUser(t, 'ann-lock@example.com');
  await fundMining(t, ann, '5000');
  product = await productOf(t, 'lock', 'USDT');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server)).problems).toEqual([]);
});

describe('products', () => {
  it('lists a category, with the caller’s mining balance when signed in', async () => {
    expect(product).toMatchObject({ category: 'lock', min_amount: '100', max_amount: '50000', daily_yield: '0.003', lock_days: 5, dividend_time: '00:00', penalty_rate: '0.004', status: 'active', purchasable: true, available: null });
    const cloud = await t.ok<LockProduct[]>('/api/lh/deposit/config', { method: 'GET', data: { type: 'cloud' }, token: ann.token });
    expect(cloud.length).toBeGreaterThan(0);
    expect(cloud.every((p) => p.category === 'cloud' && p.available === '5000')).toBe(true);
    const all = await t.ok<LockProduct[]>('/api/lh/deposit/config', { method: 'GET' });
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(['lock', 'defi', 'cloud']));
    expect(new Set(all.map((p) => p.currency))).toEqual(new Set(['USDT', 'BTC']));
    // The seed runs at every start and in the ops command line: again, it changes nothing.
    const before = await t.server.db.withTables<LockTables>().selectFrom('lockming_products').selectAll().orderBy('id').execute();
    await t.server.db.transaction().execute((trx) => seedLockProducts(trx, t.clock.now()));
    expect(await t.server.db.withTables<LockTables>().selectFrom('lockming_products').selectAll().orderBy('id').execute()).toEqual(before);
    const bad = await t.api('/api/lh/deposit/config', { method: 'GET', data: { type: 'gold' }, lang: 'zh' });
    expect(bad.body).toMatchObject({ type: 'error', code: 'LOCKMING.CATEGORY_INVALID', message: '未知的产品类别' });
  });
});

describe('a lock', () => {
  it('previews, freezes the principal, pays a dividend a day later, and returns the principal at maturity', async () => {
    const preview = await t.ok<LockPreview>('/api/lh/deposit/preview', { method: 'GET', token: ann.token, data: { config_id: product.id, amount: '1000' } });
    expect(preview).toMatchObject({ amount: '1000', daily_dividend: '3', total_dividends: '15', total_at_maturity: '1015', available: '5000' });
    const order = await lockAmount(t, ann, product.id, '1000');
    expect(order).toMatchObject({ state: 'locked', status: 'in_progress', amount: '1000', daily_dividend: '3', days_paid: 0, dividends: '0', remaining_days: 5 });
    expect(order.first_dividend_at).toBe(preview.first_dividend_at);
    expect(order.matures_at).toBe(preview.matures_at);
    expect(await mining(ann)).toMatchObject({ available: '4000', frozen: '1000' });
    const date = preview.first_dividend_at.slice(0, 10);
    const item = await t.server.db.selectFrom('due_work').select(['state', 'due_at']).where('kind', '=', 'lockming.dividend').where('item_key', '=', `order:${order.id}:${date}`).executeTakeFirst();
    expect(item).toEqual({ state: 'pending', due_at: preview.first_dividend_at });

    await days(1);
    expect(await orderOf(t, ann, order.id)).toMatchObject({ days_paid: 1, dividends: '3', remaining_days: 4, state: 'locked' });
    expect(await mining(ann)).toMatchObject({ available: '4003', frozen: '1000' });
    const bills = await t.ok<Page<BillEntry>>('/api/wallet/legal_log', { method: 'GET', token: ann.token, data: { account: 'mining' } });
    expect(bills.data.slice(0, 2).map((b) => [b.kind, b.change])).toEqual([['lockming_dividend', '3'], ['lockming_lock', '-1000']]);

    // Running again pays nothing twice.
    await t.server.services.dueWork.runDue();
    expect(await mining(ann)).toMatchObject({ available: '4003' });

    await days(4);
    const matured = await orderOf(t, ann, order.id);
    expect(matured).toMatchObject({ state: 'matured', status: 'redeemed', days_paid: 5, dividends: '15', remaining_days: 0, returned: '1000', penalty: null, ended_at: order.matures_at });
    expect(await mining(ann)).toMatchObject({ available: '5015', frozen: '0' });
    // Caught up over four days, in order: the last dividend, then the principal.
    const later = await t.ok<Page<BillEntry>>('/api/wallet/legal_log', { method: 'GET', token: ann.token, data: { account: 'mining', limit: 2 } });
    expect(later.data.map((b) => [b.kind, b.change])).toEqual([['lockming_maturity', '1000'], ['lockming_dividend', '3']]);
  });

  it('pays a server that was down for three days three dividends, once each', async () => {
    const order = await lockAmount(t, ann, product.id, '200');
    t.clock.advance(3 * DAY_MS);
    const report = await t.server.services.dueWork.runDue();
    expect(report.done).toBeGreaterThanOrEqual(3);
    expect(await orderOf(t, ann, order.id)).toMatchObject({ days_paid: 3, dividends: '1.8', remaining_days: 2 });
    const journals = await t.server.db.selectFrom('ledger_journals').select('id').where('kind', '=', 'lockming_dividend').where('ref_id', '=', order.id).execute();
    expect(journals).toHaveLength(3);
    await days(2);
    expect(await orderOf(t, ann, order.id)).toMatchObject({ state: 'matured', days_paid: 5, dividends: '3' });
  });
});

describe('early redemption', () => {
  it('applies the previewed penalty exactly, keeps the dividends, and then changes nothing', async () => {
    const before = await mining(ann);
    const order = await lockAmount(t, ann, product.id, '1000');
    await days(2);
    const preview = await t.ok<RedeemPreview>('/api/lh/deposit/order/cancel/preview', { method: 'GET', token: ann.token, data: { id: order.id } });
    expect(preview).toEqual({ id: order.id, currency: 'USDT', amount: '1000', penalty_rate: '0.004', remaining_days: 3, penalty: '12', returned: '988', dividends: '6' });
    const key = newKey();
    const redeemed = await t.ok<LockOrder>('/api/lh/deposit/order/cancel', { token: ann.token, data: { id: order.id, idempotency_key: key } });
    expect(redeemed).toMatchObject({ state: 'redeemed', status: 'redeemed', penalty: '12', returned: '988', dividends: '6', days_paid: 2, remaining_days: 0, next_dividend_at: null });
    // 1,000 locked, 6 of dividends, 988 back.
    const after = await mining(ann);
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(-1000 + 6 + 988, 6);
    expect(after.frozen).toBe(before.frozen);
    const bills = await t.ok<Page<BillEntry>>('/api/wallet/legal_log', { method: 'GET', token: ann.token, data: { account: 'mining', limit: 2 } });
    expect(bills.data.map((b) => [b.kind, b.change])).toEqual([['lockming_penalty', '-12'], ['lockming_redeem', '1000']]);

    // The same request again answers as the first; another one is refused; nothing moves.
    expect(await t.ok<LockOrder>('/api/lh/deposit/order/cancel', { token: ann.token, data: { id: order.id, idempotency_key: key } })).toEqual(redeemed);
    const again = await t.api('/api/lh/deposit/order/cancel', { token: ann.token, data: { id: order.id, idempotency_key: newKey() }, lang: 'fra' });
    expect(again.body).toMatchObject({ type: 'error', code: 'LOCKMING.ALREADY_REDEEMED', message: 'Cet ordre a déjà été remboursé' });
    // Days after the redemption pay nothing.
    await days(3);
    expect(await orderOf(t, ann, order.id)).toMatchObject({ days_paid: 2, dividends: '6' });
    expect(await mining(ann)).toEqual(after);
  });

  it('answers not found for another user’s order, and changes nothing', async () => {
    const order = await lockAmount(t, ann, product.id, '100');
    const bob = await makeUser(t, 'bob-lock@example.com');
    const preview = await t.api('/api/lh/deposit/order/cancel/preview', { method: 'GET', token: bob.token, data: { id: order.id } });
    expect(preview.body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
    const redeem = await t.api('/api/lh/deposit/order/cancel', { token: bob.token, data: { id: order.id, idempotency_key: newKey() } });
    expect(redeem.body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
    expect(await orderOf(t, ann, order.id)).toMatchObject({ state: 'locked' });
    const none = await t.ok<Page<LockOrder>>('/api/lh/deposit/order', { method: 'GET', token: bob.token });
    expect(none.total).toBe(0);
  });
});

describe('refusals', () => {
  const snapshot = async (user: TestUser) => ({
    balance: await mining(user),
    orders: Number((await t.server.db.withTables<LockTables>().selectFrom('lockming_orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  });
  const refused = async (data: Record<string, string | number>, code: string, lang = 'en') => {
    const answer = await t.api('/api/lh/deposit', { token: ann.token, data: { config_id: product.id, idempotency_key: newKey(), ...data }, lang });
    expect(answer.status).toBe(200);
    expect(answer.body, JSON.stringify(data)).toMatchObject({ type: 'error', code });
    return answer.body as { message: string };
  };

  it('bad numbers, below the minimum, above the maximum or the balance: a localised code, nothing changed', async () => {
    const before = await snapshot(ann);
    for (const amount of ['0', '-1', '1.5e3', '100.0000001', '1'.repeat(25), 'abc', '', ' ', '0x10', '.5']) {
      await refused({ amount }, amount === '100.0000001' ? 'WALLET.AMOUNT_DECIMALS' : amount === '' ? 'VALID.REQUIRED' : 'VALID.AMOUNT');
    }
    expect((await refused({ amount: '99.999999' }, 'LOCKMING.BELOW_MINIMUM', 'zh')).message).toBe('金额低于单笔最低金额');
    await refused({ amount: '50000.000001' }, 'LOCKMING.ABOVE_MAXIMUM');
    expect((await refused({ amount: '49999' }, 'LOCKMING.INSUFFICIENT_BALANCE', 'jp')).message).toBe('マイニング口座の残高が不足しています');
    await refused({ config_id: 999_999, amount: '100' }, 'LOCKMING.PRODUCT_NOT_FOUND');
    await refused({ config_id: 'x', amount: '100' }, 'LOCKMING.PRODUCT_NOT_FOUND');
    // A repeated field, a JSON number, no idempotency key.
    const repeated = await fetch(`${t.url}/api/lh/deposit`, {
      method: 'POST', headers: { authorization: ann.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: `config_id=${product.id}&amount=100&amount=200&idempotency_key=${newKey()}`,
    });
    expect(await repeated.json()).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID' });
    const numeric = await t.api('/api/lh/deposit', { token: ann.token, json: { config_id: product.id, amount: 100, idempotency_key: newKey() } });
    expect(numeric.body).toMatchObject({ type: 'error', code: 'VALID.AMOUNT' });
    const keyless = await t.api('/api/lh/deposit', { token: ann.token, data: { config_id: product.id, amount: '100' } });
    expect(keyless.body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED' });
    const signedOut = await t.api('/api/lh/deposit', { data: { config_id: product.id, amount: '100', idempotency_key: newKey() } });
    expect(signedOut.body.type).toBe(999);
    expect(await snapshot(ann)).toEqual(before);
  });

  it('a paused, ended or expired product: refused, and the preview says the same', async () => {
    const before = await snapshot(ann);
    const db = t.server.db.withTables<LockTables>();
    const set = (values: { status?: string; expiry_date?: string }) => db.updateTable('lockming_products').set(values).where('id', '=', product.id).execute();
    try {
      await set({ status: 'paused' });
      await refused({ amount: '100' }, 'LOCKMING.PRODUCT_PAUSED');
      const preview = await t.api('/api/lh/deposit/preview', { method: 'GET', token: ann.token, data: { config_id: product.id, amount: '100' } });
      expect(preview.body).toMatchObject({ type: 'error', code: 'LOCKMING.PRODUCT_PAUSED' });
      await set({ status: 'ended' });
      await refused({ amount: '100' }, 'LOCKMING.PRODUCT_ENDED');
      await set({ status: 'active', expiry_date: new Date(t.clock.now().getTime() - DAY_MS).toISOString().slice(0, 10) });
      await refused({ amount: '100' }, 'LOCKMING.PRODUCT_ENDED', 'kor');
      const listed = await t.ok<LockProduct[]>('/api/lh/deposit/config', { method: 'GET', data: { type: 'lock' } });
      expect(listed.some((p) => p.id === product.id)).toBe(false);
      const one = await t.ok<LockProduct[]>('/api/lh/deposit/config', { method: 'GET', data: { id: product.id } });
      expect(one[0]).toMatchObject({ id: product.id, purchasable: false });
    } finally {
      await set({ status: 'active', expiry_date: product.expiry });
    }
    expect(await snapshot(ann)).toEqual(before);
  });

  it('an unknown order status is refused; lists are paged', async () => {
    const bad = await t.api('/api/lh/deposit/order', { method: 'GET', token: ann.token, data: { status: 'open' } });
    expect(bad.body).toMatchObject({ type: 'error', code: 'LOCKMING.STATUS_INVALID' });
    const page = await t.ok<Page<LockOrder>>('/api/lh/deposit/order', { method: 'GET', token: ann.token, data: { status: 'redeemed', limit: 1 } });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const capped = await t.ok<Page<LockOrder>>('/api/lh/deposit/order', { method: 'GET', token: ann.token, data: { limit: 500 } });
    expect(capped.limit).toBe(50);
  });
});

describe('50 parallel locks of one balance', () => {
  it('lock only what fits; the balance never goes negative', async () => {
    const cy = await makeUser(t, 'cy-lock@example.com');
    await fundMining(t, cy, '1250.5');
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.api<LockOrder>('/api/lh/deposit', { token: cy.token, data: { config_id: product.id, amount: '100', idempotency_key: newKey() } })));
    const ok = answers.filter((a) => a.body.type === 'ok');
    expect(ok).toHaveLength(12);
    expect(answers.filter((a) => a.body.type !== 'ok').every((a) => a.body.type === 'error' && a.body.code === 'LOCKMING.INSUFFICIENT_BALANCE')).toBe(true);
    expect(await mining(cy)).toMatchObject({ available: '50.5', frozen: '1200' });
  });
});

describe('operators', () => {
  const ops = (name: string, ...positional: string[]) => {
    const command = LOCKMING_OPS[name];
    if (!command) throw new Error(name);
    return command.run({ services: t.server.services, modules: t.server.modules, db: t.server.db, operator: 'ops-test' }, { positional, flags: new Set() });
  };

  it('create, edit, pause, resume and end products, and list a user’s orders', async () => {
    const created = await ops('lockming-create', 'coin=BTC', 'category=cloud', 'min=0.01', 'yield=0.25%', 'days=3', 'time=06:00', 'penalty=0.5%', 'expiry=2099-12-31');
    const id = Number(/#(\d+)/.exec(created)?.[1]);
    expect(id).toBeGreaterThan(0);
    await ops('lockming-edit', String(id), 'max=2', 'yield=0.3%');
    const read = async () => (await t.ok<LockProduct[]>('/api/lh/deposit/config', { method: 'GET', data: { id } }))[0];
    expect(await read()).toMatchObject({ category: 'cloud', currency: 'BTC', min_amount: '0.01', max_amount: '2', daily_yield: '0.003', lock_days: 3, dividend_time: '06:00', penalty_rate: '0.005', expiry: '2099-12-31', status: 'active' });
    await ops('lockming-pause', String(id));
    expect((await read())?.status).toBe('paused');
    await ops('lockming-resume', String(id));
    expect((await read())?.status).toBe('active');
    await ops('lockming-end', String(id));
    expect((await read())?.status).toBe('ended');
    await expect(ops('lockming-resume', String(id))).rejects.toThrow(/nothing changed/);
    await expect(ops('lockming-create', 'coin=USDT', 'category=lock', 'min=1', 'yield=30', 'days=5', 'time=00:00', 'penalty=0.4%', 'expiry=2099-12-31')).rejects.toThrow(/percentage/);
    await expect(ops('lockming-create', 'coin=USDT', 'category=lock', 'min=1', 'yield=30%', 'days=5', 'time=00:00', 'penalty=0.4%', 'expiry=2099-12-31')).rejects.toThrow(/at most 10 %/);
    await expect(ops('lockming-edit', String(id), 'coin=ETH')).rejects.toThrow(/cannot change/);
    const listing = await ops('lockming-orders', ann.email);
    expect(listing).toMatch(/locked/);
    expect(listing).toMatch(/redeemed/);
    expect(listing).toMatch(/matured/);
  });

  it('the command line records each command in the audit', async () => {
    const listing = await runOps(t.dbEnv, 'ops-test-cli', 'lockming-products');
    expect(listing).toMatch(/cloud\s+BTC/);
    await expect(runOps(t.dbEnv, 'ops-test-cli', 'lockming-pause', '999999')).rejects.toThrow(/no lock mining product/);
    const audit = await t.server.db.selectFrom('ops_audit').select(['command', 'result']).where('operator', '=', 'ops-test-cli').orderBy('id').execute();
    expect(audit.map((a) => `${a.command}:${a.result}`)).toEqual(['lockming-products:ok', 'lockming-pause:error']);
  }, 60_000);
});
