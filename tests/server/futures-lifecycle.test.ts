import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesBatchCloseResult, FuturesCloseResult, FuturesDealAll, FuturesPosition, FuturesSubmitResult } from '../../contract/api/contracts.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';

/**
 * The life of futures positions with hand-computed figures. BTC/USDT: lot 0.001 BTC (seeded from the
 * 60000 mark), fee 0.05 %, overnight 0.02 %/day; AAPL/USDT (stock): lot 1 share, fee 0.1 %.
 */
let c: ContractsServer;
let n = 0;

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  c.setMark('AAPL/USDT', '230');
});
afterAll(async () => {
  await c?.t.close();
});

async function trader(amount: string, account: 'lever' | 'stock' = 'lever'): Promise<TestUser> {
  n += 1;
  const user = await makeUser(c.t, `trader${n}@example.com`);
  await fundAccount(c.t, user, amount, account);
  return user;
}

const submit = (user: TestUser, data: Record<string, string | number>) =>
  c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { symbol: 'BTC/USDT', idempotency_key: newKey(), ...data } });
const position = async (user: TestUser, id: number, status: 'in_progress' | 'completed') =>
  (await c.t.ok<Page<FuturesPosition>>('/api/lever/my_trade', { token: user.token, data: { status } })).data.find((p) => p.id === id);
const moveTo = async (symbol: string, price: string) => {
  c.setMark(symbol, price);
  await c.tick();
};

describe('limit orders', () => {
  it('holds margin + fee at the limit price, opens when the mark reaches it, and can be cancelled before', async () => {
    const user = await trader('1000');
    // 10 lots x 0.001 x 59000 = 590: margin 59 (10x) + fee 0.295 = 59.295 held
    const { position: order } = await submit(user, { type: 'long', multiple: 10, lots: 10, order_type: 'limit', target_price: '59000' });
    expect(order).toMatchObject({ state: 'pending', target_price: '59000', open_price: null, margin: '59.295' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '940.705', frozen: '59.295' });
    const { position: other } = await submit(user, { type: 'short', multiple: 20, lots: 5, order_type: 'limit', target_price: '65000' });
    const cancelled = await c.t.ok<FuturesPosition>('/api/lever/cancel', { token: user.token, data: { id: other.id } });
    expect(cancelled.state).toBe('cancelled');
    await moveTo('BTC/USDT', '59500');
    expect((await position(user, order.id, 'in_progress'))?.state).toBe('pending');
    await moveTo('BTC/USDT', '58900');
    expect(await position(user, order.id, 'in_progress')).toMatchObject({ state: 'open', open_price: '59000', margin: '59', handling_fee: '0.295', profit: '-1' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '940.705', frozen: '59' });
    const again = await c.t.api('/api/lever/cancel', { token: user.token, data: { id: order.id } });
    expect(again.body).toMatchObject({ type: 'error', code: 'CONTRACT.ORDER_NOT_PENDING' });
    await moveTo('BTC/USDT', '60000');
  });
});

describe('stops, manual and batch closes', () => {
  it('a short\'s stop-loss closes it at the mark; setstop validates against the mark', async () => {
    const user = await trader('1000');
    const { position: short } = await submit(user, { type: 'short', multiple: 20, lots: 10 });
    const wrong = await c.t.api('/api/lever/setstop', { token: user.token, data: { id: short.id, stop_loss_price: '59000' } });
    expect(wrong.body).toMatchObject({ type: 'error', code: 'CONTRACT.STOP_LOSS_INVALID', field: 'stop_loss_price' });
    const set = await c.t.ok<FuturesPosition>('/api/lever/setstop', { token: user.token, data: { id: short.id, stop_loss_price: '60500', target_profit_price: '58000' } });
    expect(set).toMatchObject({ stop_loss_price: '60500', target_profit_price: '58000' });
    await moveTo('BTC/USDT', '60600');
    // (60000 - 60600) x 0.01 = -6
    expect(await position(user, short.id, 'completed')).toMatchObject({ close_reason: 'sl', profit: '-6', current_price: '60600' });
    await moveTo('BTC/USDT', '60000');
  });

  it('closes one position by hand and the rest by batch: only longs, then all', async () => {
    const user = await trader('2000');
    const { position: a } = await submit(user, { type: 'long', multiple: 5, lots: 2 });
    const { position: b } = await submit(user, { type: 'long', multiple: 5, lots: 2 });
    const { position: s } = await submit(user, { type: 'short', multiple: 5, lots: 2 });
    await moveTo('BTC/USDT', '60100');
    const closed = await c.t.ok<FuturesCloseResult>('/api/lever/close', { token: user.token, data: { id: a.id } });
    // (60100 - 60000) x 0.002 = 0.2
    expect(closed.position).toMatchObject({ state: 'closed', close_reason: 'manual', profit: '0.2' });
    const longs = await c.t.ok<FuturesBatchCloseResult>('/api/lever/batch_close', { token: user.token, data: { type: 'longs' } });
    expect(longs.closed.map((p) => p.id)).toEqual([b.id]);
    const rest = await c.t.ok<FuturesBatchCloseResult>('/api/lever/batch_close', { token: user.token, data: { type: 'all' } });
    expect(rest.closed.map((p) => [p.id, p.profit])).toEqual([[s.id, '-0.2']]);
    const live = await c.t.ok<FuturesDealAll>('/api/lever/dealall', { token: user.token });
    expect(live.positions).toEqual([]);
    expect(live.accounts.find((a) => a.account === 'lever')).toMatchObject({ frozen: '0', used_margin: '0', risk_rate: null });
    await moveTo('BTC/USDT', '60000');
  });
});

describe('races', () => {
  it('closes a position once when three requests race; the others are told it is no longer open', async () => {
    const user = await trader('1000');
    const { position: long } = await submit(user, { type: 'long', multiple: 10, lots: 10 });
    const answers = await Promise.all([1, 2, 3].map(() => c.t.api('/api/lever/close', { token: user.token, data: { id: long.id } })));
    expect(answers.filter((a) => a.body.type === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a.body.type === 'error').map((a) => (a.body as { code: string }).code)).toEqual(['CONTRACT.POSITION_NOT_OPEN', 'CONTRACT.POSITION_NOT_OPEN']);
    // 1000 - 0.3 - 0.3 (fees at 60000, no PnL)
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '999.4', frozen: '0' });
  });
});

describe('risk rate and liquidation', () => {
  it('liquidates at a 50 % risk rate: 100 in, long 0.01 BTC at 60000 10x, mark 53030', async () => {
    const user = await trader('100');
    const { position: long, balance: after } = await submit(user, { type: 'long', multiple: 10, lots: 10 });
    expect(long.liquidation_price).toBe('53030');
    // equity 99.7 / margin 60
    expect(after.risk_rate).toBe('1.661666');
    await moveTo('BTC/USDT', '53030.01');
    expect((await position(user, long.id, 'in_progress'))?.state).toBe('open');
    await moveTo('BTC/USDT', '53030');
    expect(await position(user, long.id, 'completed')).toMatchObject({ close_reason: 'liquidation', profit: '-69.7' });
    // 39.7 + 60 - 69.7 - fee 530.3 x 0.0005 = 0.26515
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '29.73485', frozen: '0' });
    await moveTo('BTC/USDT', '60000');
  });

  it('a gap beyond the account is paid by the insurance account, the user ends at zero', async () => {
    const user = await trader('100');
    const usdt = await currencyId(c.t, 'USDT');
    const system = async (name: string) => BigInt((await c.t.server.db.selectFrom('ledger_accounts').select('available_minor').where('user_id', '=', 0).where('name', '=', name).where('currency_id', '=', usdt).executeTakeFirstOrThrow()).available_minor);
    const insuranceBefore = await system('insurance');
    const { position: long } = await submit(user, { type: 'long', multiple: 10, lots: 10 });
    await moveTo('BTC/USDT', '40000');
    // loss (40000 - 60000) x 0.01 = -200; the account holds 99.7, the insurance pays 100.3
    expect(await position(user, long.id, 'completed')).toMatchObject({ close_reason: 'liquidation', profit: '-200' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '0', frozen: '0' });
    expect(insuranceBefore - (await system('insurance'))).toBe(100_300_000n);
    await moveTo('BTC/USDT', '60000');
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});

describe('overnight fee and stock contracts', () => {
  it('charges 0.02 % of the open notional once per day at 00:00 UTC, however many passes run', async () => {
    const user = await trader('1000');
    const { position: long } = await submit(user, { type: 'long', multiple: 10, lots: 10 });
    const now = c.t.clock.now().getTime();
    c.t.clock.advance(86_400_000 - (now % 86_400_000) + 1000);
    await c.tick();
    await c.tick();
    // 600 x 0.0002 = 0.12
    expect(await position(user, long.id, 'in_progress')).toMatchObject({ overnight_fee: '0.12' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '939.58', frozen: '60' });
    const rows = await c.t.server.db.selectFrom('futures_overnight_charges').selectAll().where('position_id', '=', long.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('a stock contract trades from the stock account with the stock terms: 3 shares of AAPL at 230, 5x', async () => {
    const user = await trader('500', 'stock');
    const { position: p, balance: after } = await submit(user, { symbol: 'AAPL/USDT', type: 'long', multiple: 5, lots: 3 });
    // 690 / 5 = 138 margin, fee 690 x 0.001 = 0.69
    expect(p).toMatchObject({ account: 'stock', category: 'stock', lot_size: '1', margin: '138', handling_fee: '0.69' });
    expect(after).toMatchObject({ account: 'stock', available: '361.31', frozen: '138' });
    const refused = await c.t.api('/api/lever/submit', { token: user.token, data: { symbol: 'AAPL/USDT', type: 'long', multiple: 100, lots: 1, idempotency_key: newKey() } });
    expect(refused.body).toMatchObject({ code: 'CONTRACT.MULTIPLE_INVALID' });
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});
