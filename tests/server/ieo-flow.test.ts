import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IeoOrderResult, IeoPreview, IeoProject, IeoProjectDetail, IeoSubscription } from '../../contract/api/ieo.ts';
import type { BillEntry, WalletDetail } from '../../contract/api/wallet.ts';
import type { Coin } from '../../contract/api/content.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { ieoOf } from '../../server/modules/ieo/module.ts';
import { fundAccount } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { runOps } from './helpers/server-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * An IEO over real HTTP. The sale TSTA: 1,000 tokens (2 decimals), 10 to 600 tokens per user, at
 * most 400 allocated to one user, 0.5 USDT or 0.00001 BTC a token, selling for an hour.
 *
 * Alice subscribes 400 + 200 tokens (300 USDT frozen), Bob 500 (250 USDT), Carol 300 in BTC
 * (0.003 BTC): 1,400 tokens for 1,000, and the demands min(subscribed, 400) = 400 + 400... pass it:
 * oversubscribed. Pro rata at 1,000 / 1,400 Alice would get 428.57 > her cap of 400: she is capped at
 * 400 and the 600 left are shared by Bob and Carol over their 800 subscribed: 375 and 225.
 *   Alice pays 400 x 0.5 = 200 USDT, refund 100;  Bob 375 x 0.5 = 187.5, refund 62.5;
 *   Carol 225 x 0.00001 = 0.00225 BTC, refund 0.00075.   Sum of tokens = 1,000 = the supply.
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let project: IeoProject;
let later: IeoProject;

const HOUR = 3_600_000;

async function createProject(symbol: string, o: { supply: string; min: string; max: string; cap?: string; prices: { currency: string; price: string }[]; startMs: number; endMs: number; decimals?: number }) {
  const now = t.clock.now().getTime();
  const made = await ieoOf(t.server.modules).admin.create({
    symbol, name: `${symbol} test`, decimals: o.decimals ?? 2, supply: o.supply, min: o.min, max: o.max, cap: o.cap, prices: o.prices,
    startAt: new Date(now + o.startMs), endAt: new Date(now + o.endMs),
  });
  if (!made.ok) throw new Error(made.reason);
  return t.ok<IeoProjectDetail>('/api/project/detail', { method: 'GET', data: { id: made.value.id } });
}

const subscribe = (user: TestUser, data: Record<string, string | number>) =>
  t.api<IeoOrderResult>('/api/project/order', { token: user.token, data: { project_id: project.id, pay_currency: 'USDT', price: '0.5', idempotency_key: newKey(), ...data } });

async function refused(user: TestUser, data: Record<string, string | number>, code: string): Promise<void> {
  const before = await snapshot(user);
  const answer = await subscribe(user, data);
  expect(answer.body).toMatchObject({ type: 'error', code });
  expect(typeof (answer.body as { message: unknown }).message).toBe('string');
  expect(await snapshot(user)).toEqual(before);
}

/** What a refusal must leave as it was: the user's financial balances, the project's totals, the subscriptions. */
async function snapshot(user: TestUser) {
  const usdt = await balance(t, user, 'USDT', 'financial');
  const btc = await balance(t, user, 'BTC', 'financial');
  const detail = await t.ok<IeoProjectDetail>('/api/project/detail', { method: 'GET', token: user.token, data: { id: project.id } });
  return { usdt: [usdt.available, usdt.frozen], btc: [btc.available, btc.frozen], subscribed: detail.subscribed, subscribers: detail.subscribers, mine: detail.mine };
}

const mine = (user: TestUser, data: Record<string, string | number> = {}) =>
  t.ok<Page<IeoSubscription>>('/api/user/project/order', { method: 'GET', token: user.token, data });

async function clean(): Promise<void> {
  expect((await checkLedger(t.server)).problems).toEqual([]);
}

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice-ieo@example.com');
  bob = await makeUser(t, 'bob-ieo@example.com');
  carol = await makeUser(t, 'carol-ieo@example.com');
  dave = await makeUser(t, 'dave-ieo@example.com');
  await fundAccount(t, alice, '1000', 'financial');
  await fundAccount(t, bob, '1000', 'financial');
  await fundAccount(t, carol, '0.1', 'financial', 'BTC');
  project = await createProject('TSTA', { supply: '1000', min: '10', max: '600', cap: '400', prices: [{ currency: 'USDT', price: '0.5' }, { currency: 'BTC', price: '0.00001' }], startMs: -60_000, endMs: HOUR });
  later = await createProject('TSTB', { supply: '1000', min: '1', max: '10', prices: [{ currency: 'USDT', price: '1' }], startMs: HOUR, endMs: 2 * HOUR });
});
afterAll(async () => {
  await t?.close();
});

describe('projects', () => {
  it('lists by phase, with the token listed as a coin', async () => {
    expect(project).toMatchObject({ symbol: 'TSTA', phase: 'in_progress', supply: '1000', min_amount: '10', max_amount: '600', max_allocation: '400', subscribed: '0', sold: null });
    expect(project.prices.map((p) => [p.currency, p.price])).toEqual([['USDT', '0.5'], ['BTC', '0.00001']]);
    const inProgress = await t.ok<Page<IeoProject>>('/api/project', { method: 'GET', data: { phase: 'in_progress', limit: 50 } });
    expect(inProgress.data.map((p) => p.symbol)).toContain('TSTA');
    expect(inProgress.data.every((p) => p.phase === 'in_progress')).toBe(true);
    const warmup = await t.ok<Page<IeoProject>>('/api/project', { method: 'GET', data: { phase: 'warmup', limit: 50 } });
    expect(warmup.data.map((p) => p.symbol)).toContain('TSTB');
    expect(warmup.data.map((p) => p.symbol)).not.toContain('TSTA');
    // The seed's finished sale.
    const ended = await t.ok<Page<IeoProject>>('/api/project', { method: 'GET', data: { phase: 'ended' } });
    expect(ended.data.map((p) => [p.symbol, p.phase])).toContainEqual(['LUMA', 'distributed']);
    expect(await t.api('/api/project', { method: 'GET', data: { phase: 'soon' } })).toMatchObject({ body: { type: 'error', code: 'IEO.PHASE_INVALID' } });
    const paged = await t.ok<Page<IeoProject>>('/api/project', { method: 'GET', data: { limit: 1 } });
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(5);
    const coins = await t.ok<Coin[]>('/api/currency/list', { method: 'GET' });
    expect(coins.find((c) => c.name === 'TSTA')).toMatchObject({ full_name: 'TSTA test', decimals: 2, status: 1 });
  });

  it('answers an unknown project as not found', async () => {
    expect((await t.api('/api/project/detail', { method: 'GET', data: { id: 999_999 } })).body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
  });
});

describe('subscribing', () => {
  it('previews the cost and the allocation cases before anything is frozen', async () => {
    const preview = await t.ok<IeoPreview>('/api/project/order/preview', { method: 'GET', token: alice.token, data: { project_id: project.id, amount: '400', pay_currency: 'USDT' } });
    // Alone in the sale: her whole demand, up to the cap of 400.
    expect(preview).toMatchObject({ cost: '200', total_amount: '400', total_committed: '200', best: { tokens: '400', pay: '200', refund: '0' }, if_ended_now: { tokens: '400', pay: '200', refund: '0' } });
    expect(await balance(t, alice, 'USDT', 'financial')).toMatchObject({ available: '1000', frozen: '0' });
  });

  it('freezes the cost in the financial account; more orders add up', async () => {
    const first = await subscribe(alice, { amount: '400' });
    expect(first.body).toMatchObject({ type: 'ok', message: { amount: '400', cost: '200', subscription: { amount: '400', committed: '200', state: 'pending', orders: 1, allocated: null } } });
    const second = await subscribe(alice, { amount: '200' });
    expect(second.body).toMatchObject({ type: 'ok', message: { cost: '100', subscription: { amount: '600', committed: '300', orders: 2 } } });
    expect(await balance(t, alice, 'USDT', 'financial')).toMatchObject({ available: '700', frozen: '300' });
    await clean();
  });

  it('the same idempotency key answers the first result and freezes once', async () => {
    const key = newKey();
    const a = await subscribe(bob, { amount: '500', idempotency_key: key });
    const b = await subscribe(bob, { amount: '500', idempotency_key: key });
    expect(b.body).toEqual(a.body);
    expect(await balance(t, bob, 'USDT', 'financial')).toMatchObject({ available: '750', frozen: '250' });
  });

  it('pays in BTC at the BTC price', async () => {
    const preview = await t.ok<IeoPreview>('/api/project/order/preview', { method: 'GET', token: carol.token, data: { project_id: project.id, amount: '300', pay_currency: 'BTC' } });
    const answer = await subscribe(carol, { amount: '300', pay_currency: 'BTC', price: '0.00001' });
    expect(answer.body).toMatchObject({ type: 'ok', message: { cost: '0.003', subscription: { pay_currency: 'BTC', committed: '0.003' } } });
    expect(await balance(t, carol, 'BTC', 'financial')).toMatchObject({ available: '0.097', frozen: '0.003' });
    // Nobody subscribed after her: "if it ended now" is what the allocation gives her below.
    expect(preview.if_ended_now).toEqual({ tokens: '225', pay: '0.00225', refund: '0.00075' });
    expect(preview.best).toEqual({ tokens: '300', pay: '0.003', refund: '0' });
  });

  it('refuses, each with its own localised error, and changes nothing', async () => {
    await refused(dave, { amount: '10' }, 'WALLET.INSUFFICIENT_BALANCE');
    // The minimum counts the user's total: a first order of 5 is too small (a top-up of 5 would not be).
    await refused(dave, { amount: '5' }, 'IEO.BELOW_MIN');
    // 500 already: 101 more passes the 600 per user.
    await refused(bob, { amount: '101' }, 'IEO.ABOVE_MAX');
    await refused(dave, { amount: '601' }, 'IEO.ABOVE_MAX');
    await refused(bob, { amount: '10', pay_currency: 'ETH' }, 'IEO.PAY_CURRENCY_INVALID');
    await refused(alice, { amount: '10', pay_currency: 'BTC', price: '0.00001' }, 'IEO.PAY_CURRENCY_MIXED');
    await refused(bob, { amount: '10', price: '0.4' }, 'IEO.PRICE_CHANGED');
    await refused(bob, { amount: '10', price: '0.50000001' }, 'IEO.PRICE_CHANGED');
    await refused(bob, { amount: '10.001' }, 'WALLET.AMOUNT_DECIMALS');
    await refused(bob, { amount: '-1' }, 'VALID.AMOUNT');
    await refused(bob, { amount: '10', project_id: later.id, price: '1' }, 'IEO.NOT_STARTED');
    expect(await subscribe(bob, { amount: '10', idempotency_key: '' })).toMatchObject({ body: { type: 'error', code: 'VALID.REQUIRED' } });
    const fr = await t.api('/api/project/order', { token: bob.token, lang: 'fra', data: { project_id: project.id, pay_currency: 'USDT', price: '0.4', amount: '10', idempotency_key: newKey() } });
    expect(fr.body).toMatchObject({ code: 'IEO.PRICE_CHANGED', message: 'Le prix a changé, vérifiez-le et réessayez' });
    const admin = ieoOf(t.server.modules).admin;
    expect((await admin.setPaused(project.id, true)).ok).toBe(true);
    await refused(bob, { amount: '10' }, 'IEO.PAUSED');
    expect((await admin.setPaused(project.id, false)).ok).toBe(true);
    await clean();
  });

  it('keeps each user\'s subscriptions to themselves', async () => {
    const bobs = await mine(bob);
    expect(bobs.data.map((s) => [s.symbol, s.amount])).toEqual([['TSTA', '500']]);
    const alices = await mine(alice, { project_id: project.id });
    expect(alices.data.map((s) => s.amount)).toEqual(['600']);
    const detail = await t.ok<IeoProjectDetail>('/api/project/detail', { method: 'GET', token: dave.token, data: { id: project.id } });
    expect(detail.mine).toBeNull();
    expect(detail.balances).toEqual([{ currency_id: await currencyId(t, 'USDT'), currency: 'USDT', available: '0' }, { currency_id: await currencyId(t, 'BTC'), currency: 'BTC', available: '0' }]);
    expect((await t.api('/api/user/project/order', { method: 'GET' })).body).toMatchObject({ type: 999 });
    expect((await mine(dave)).data).toEqual([]);
  });
});

describe('the end of the sale', () => {
  it('allocates once at the end: capped whale, pro rata for the rest, payment and refund, tokens credited', async () => {
    const before = await t.ok<IeoProjectDetail>('/api/project/detail', { method: 'GET', data: { id: project.id } });
    expect(before).toMatchObject({ subscribed: '1400', subscribers: 3, phase: 'in_progress' });
    t.clock.advance(HOUR);
    expect((await subscribe(bob, { amount: '10' })).body).toMatchObject({ type: 'error', code: 'IEO.ENDED' });
    await t.server.services.dueWork.runDue();
    const after = await t.ok<IeoProjectDetail>('/api/project/detail', { method: 'GET', token: alice.token, data: { id: project.id } });
    expect(after).toMatchObject({ phase: 'distributed', sold: '1000' });
    expect(after.mine).toMatchObject({ state: 'settled', allocated: '400', paid: '200', refunded: '100', tokens: '400' });

    const rows = async (u: TestUser) => (await mine(u, { project_id: project.id })).data[0];
    expect(await rows(bob)).toMatchObject({ amount: '500', committed: '250', allocated: '375', paid: '187.5', refunded: '62.5', tokens: '375', state: 'settled', phase: 'distributed' });
    expect(await rows(carol)).toMatchObject({ allocated: '225', paid: '0.00225', refunded: '0.00075', tokens: '225' });

    expect(await balance(t, alice, 'USDT', 'financial')).toMatchObject({ available: '800', frozen: '0' });
    expect(await balance(t, bob, 'USDT', 'financial')).toMatchObject({ available: '812.5', frozen: '0' });
    expect(await balance(t, carol, 'BTC', 'financial')).toMatchObject({ available: '0.09775', frozen: '0' });
    expect(await balance(t, alice, 'TSTA', 'financial')).toMatchObject({ available: '400' });
    expect(await balance(t, bob, 'TSTA', 'financial')).toMatchObject({ available: '375' });
    expect(await balance(t, carol, 'TSTA', 'financial')).toMatchObject({ available: '225' });
    await clean();

    const items = await t.server.db.selectFrom('due_work').select(['item_key', 'state']).where('kind', 'in', ['ieo.allocate', 'ieo.settle']).where('item_key', 'like', `project:${project.id}:%`).orderBy('id').execute();
    expect(items).toEqual([
      { item_key: `project:${project.id}:allocate`, state: 'done' },
      { item_key: `project:${project.id}:settle:1`, state: 'done' },
      { item_key: `project:${project.id}:settle:2`, state: 'done' },
    ]);
  });

  it('never pays twice: another pass, a rescheduled item, and the journals each once', async () => {
    const { dueWork } = t.server.services;
    await dueWork.runDue();
    const journals = await t.server.db.selectFrom('ledger_journals').select(['kind', 'ref_id']).where('kind', 'in', ['ieo_payment', 'ieo_refund', 'ieo_tokens']).execute();
    expect(journals.filter((j) => j.kind === 'ieo_payment')).toHaveLength(3);
    expect(journals.filter((j) => j.kind === 'ieo_refund')).toHaveLength(3);
    expect(journals.filter((j) => j.kind === 'ieo_tokens')).toHaveLength(3);
    const subscribeJournals = await t.server.db.selectFrom('ledger_journals').select('id').where('kind', '=', 'ieo_subscribe').execute();
    expect(subscribeJournals).toHaveLength(4);
    expect(await balance(t, bob, 'TSTA', 'financial')).toMatchObject({ available: '375' });
  });

  it('names each movement in the bills', async () => {
    const bills = await t.ok<Page<BillEntry>>('/api/wallet/legal_log', { method: 'GET', token: bob.token, data: { account: 'financial', limit: 50 } });
    const kinds = bills.data.map((b) => [b.kind, b.currency, b.change]);
    expect(kinds).toContainEqual(['ieo_subscribe', 'USDT', '-250']);
    expect(kinds).toContainEqual(['ieo_refund', 'USDT', '62.5']);
    expect(kinds).toContainEqual(['ieo_tokens', 'TSTA', '375']);
  });

  it('the token is a coin like any other: it moves between accounts', async () => {
    const tsta = await currencyId(t, 'TSTA');
    await t.ok('/api/wallet/change', { token: bob.token, data: { currency_id: tsta, number: '75', from_field: 'financial', to_field: 'change', idempotency_key: newKey() } });
    expect(await balance(t, bob, 'TSTA', 'financial')).toMatchObject({ available: '300' });
    expect(await balance(t, bob, 'TSTA', 'change')).toMatchObject<Partial<WalletDetail>>({ available: '75' });
    await clean();
  });
});

describe('one user racing the per-user maximum', () => {
  it('50 parallel orders at the cap never sum past it', async () => {
    project = await createProject('TSTC', { decimals: 0, supply: '100000', min: '1', max: '100', prices: [{ currency: 'USDT', price: '1' }], startMs: -1000, endMs: HOUR });
    const erin = await makeUser(t, 'erin-ieo@example.com');
    await fundAccount(t, erin, '1000', 'financial');
    const answers = await Promise.all(Array.from({ length: 50 }, () => subscribe(erin, { amount: '10', price: '1' })));
    const ok = answers.filter((a) => a.body.type === 'ok');
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.body.type === 'error').every((a) => (a.body as { code: string }).code === 'IEO.ABOVE_MAX')).toBe(true);
    const [row] = (await mine(erin, { project_id: project.id })).data;
    expect(row).toMatchObject({ amount: '100', committed: '100', orders: 10 });
    expect(await balance(t, erin, 'USDT', 'financial')).toMatchObject({ available: '900', frozen: '100' });
    await clean();
  });
});

describe('operators', () => {
  it('create a sale with the ops CLI (audited): its token is listed, and it can be ended early', async () => {
    const out = await runOps(t.dbEnv, 'ieo-test', 'ieo-create', 'OPST', 'Ops', 'Token', '--decimals=3', '--supply=5000', '--min=1', '--max=100', '--prices=USDT:0.2', '--start=now', '--end=+1d');
    const id = Number(/created project (\d+)/.exec(out)?.[1]);
    expect(id).toBeGreaterThan(0);
    const detail = await t.ok<IeoProjectDetail>('/api/project/detail', { method: 'GET', data: { id } });
    expect(detail).toMatchObject({ symbol: 'OPST', name: 'Ops Token', decimals: 3, supply: '5000' });
    const coins = await t.ok<Coin[]>('/api/currency/list', { method: 'GET' });
    expect(coins.some((c) => c.name === 'OPST')).toBe(true);
    await expect(runOps(t.dbEnv, 'ieo-test', 'ieo-edit', String(id), '--supply=10')).rejects.toThrow(/before the sale starts/);
    await runOps(t.dbEnv, 'ieo-test', 'ieo-end', String(id));
    const audit = await t.server.db.selectFrom('ops_audit').select(['operator', 'command', 'result']).where('operator', '=', 'ieo-test').orderBy('id').execute();
    expect(audit.map((a) => [a.command, a.result])).toEqual([['ieo-create', 'ok'], ['ieo-edit', 'error'], ['ieo-end', 'ok']]);
    // Ended by the CLI's clock, allocated by the server's next pass (nobody subscribed: nothing sold).
    t.clock.advance(60_000);
    await t.server.services.dueWork.runDue();
    expect(await t.ok<IeoProjectDetail>('/api/project/detail', { method: 'GET', data: { id } })).toMatchObject({ phase: 'distributed', sold: '0' });
    await clean();
  }, 60_000);
});
