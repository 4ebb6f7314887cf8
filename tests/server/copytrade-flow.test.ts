import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesPosition } from '../../contract/api/contracts.ts';
import type { CopyEvent, CopyPosition, MyFollow, TraderDetail, TraderRow, TraderSelf, TraderTrade } from '../../contract/api/copytrade.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { contractsOf } from '../../server/modules/contracts/module.ts';
import type { ContractsServer } from './helpers/contracts.ts';
import { balance, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { runOps } from './helpers/server-process.ts';
import { makeFollower, makeTrader, mirrored, startCopyServer, submit } from './copytrade-setup.ts';

let c: ContractsServer;
let trader: TestUser;
let bob: TestUser;

beforeAll(async () => {
  c = await startCopyServer();
  trader = await makeTrader(c, 'trader-flow@example.com');
  ({ user: bob } = await makeFollower(c, 'bob-flow@example.com', '2000', trader, { type: 'multiple', number: '1.5', budget: '1000' }));
});
afterAll(async () => {
  await c?.t.close();
});

const copies = (user: TestUser, status = 'open') => c.t.ok<Page<CopyPosition>>('/api/follow/copies', { method: 'GET', token: user.token, data: { status } });
const history = (user: TestUser) => c.t.ok<Page<CopyEvent>>('/api/follow/copyHistory', { method: 'GET', token: user.token });

describe('copy trading over HTTP', () => {
  it('lists the approved trader with their follower', async () => {
    const page = await c.t.ok<Page<TraderRow>>('/api/follow/index', { method: 'GET', token: bob.token });
    const row = page.data.find((r) => r.trader_user_id === trader.uid);
    expect(row).toMatchObject({ followers: 1, following: true, profit_share: '0.1000', aum: '1000' });
    expect(row?.figures.map((f) => f.days)).toEqual([7, 30, 90]);
  });

  it("mirrors the trader's open at 1.5x, rounded down, labelled, apart from the follower's own", async () => {
    await submit(c, bob, { lots: 1 });
    const { position } = await submit(c, trader, { lots: 3, target_profit_price: '65000', stop_loss_price: '55000' });
    await mirrored(c);
    const open = await copies(bob);
    expect(open.total).toBe(1);
    // 3 x 1.5 = 4.5 lots -> 4 (whole lots, rounded down)
    expect(open.data[0]).toMatchObject({ trader_position_id: position.id, lots: 4, self_held: false, state: 'open', target_profit_price: '65000', stop_loss_price: '55000', multiple: 10 });
    const all = await c.t.ok<{ positions: FuturesPosition[] }>('/api/lever/dealall', { token: bob.token });
    expect(all.positions.map((p) => p.lots).sort()).toEqual([1, 4]);
    expect((await history(bob)).data[0]).toMatchObject({ action: 'open', outcome: 'copied', lots: 4, trader_lots: 3 });
  });

  it('scales a partial close: follower 4 x trader 1 / trader 3 = 1.33 -> 1 lot', async () => {
    const [copy] = (await copies(bob)).data;
    const closed = await contractsOf(c.t.server.modules).futures.closeLots({ userId: trader.uid, endpoint: 'test', key: null, fields: {} }, copy!.trader_position_id, 1);
    expect(closed.ok).toBe(true);
    await mirrored(c);
    const open = await copies(bob);
    expect(open.data[0]).toMatchObject({ id: copy!.id, lots: 3, closed_lots: 1 });
    const done = await copies(bob, 'closed');
    expect(done.data[0]).toMatchObject({ lots: 1, state: 'closed', trader_position_id: copy!.trader_position_id });
    expect((await history(bob)).data[0]).toMatchObject({ action: 'partial_close', outcome: 'copied', lots: 1, trader_lots: 1 });
  });

  it("mirrors a stops change and the trader's close; the profit share is settled once nothing is open", async () => {
    const [copy] = (await copies(bob)).data;
    await c.t.ok('/api/lever/setstop', { token: trader.token, data: { id: copy!.trader_position_id, target_profit_price: '66000', stop_loss_price: '54000', idempotency_key: newKey() } });
    await mirrored(c);
    expect((await copies(bob)).data[0]).toMatchObject({ target_profit_price: '66000', stop_loss_price: '54000' });
    c.setMark('BTC/USDT', '62000');
    await c.t.ok('/api/lever/close', { token: trader.token, data: { id: copy!.trader_position_id, idempotency_key: newKey() } });
    await mirrored(c);
    await c.t.server.services.dueWork.runDue();
    expect((await copies(bob)).total).toBe(0);
    const [follow] = (await c.t.ok<Page<MyFollow>>('/api/follow/my', { method: 'GET', token: bob.token })).data;
    expect(follow!.open_copies).toBe(0);
    expect(Number(follow!.realised_pnl)).toBeGreaterThan(0);
    expect(follow!.profit_share_paid).not.toBe('0');
    expect(follow!.profit_share_pending).toBe('0');
    expect(await c.t.ok<TraderSelf>('/api/follow/traderMe', { token: trader.token })).toMatchObject({ shares_received: follow!.profit_share_paid });
  });

  it('ranks by the hourly figures and shows the trader page, history and PnL curve', async () => {
    // A losing trade too: 2 closed trades, 1 winning.
    const { position } = await submit(c, trader, { lots: 1, type: 'short' });
    c.setMark('BTC/USDT', '62500');
    await c.t.ok('/api/lever/close', { token: trader.token, data: { id: position.id, idempotency_key: newKey() } });
    await mirrored(c);
    c.t.clock.advance(3_600_000);
    await c.t.server.services.dueWork.runDue();
    const page = await c.t.ok<Page<TraderRow>>('/api/follow/index', { method: 'GET', data: { sort: 'accuracy', days: 7 } });
    const row = page.data.find((r) => r.trader_user_id === trader.uid)!;
    const week = row.figures.find((f) => f.days === 7)!;
    // The 3-lot long closed in two parts (1 lot at 60000, 2 at 62000) and the short: 3 closed trades, 2 winning... the first part
    // closed at the open price, losing its fees.
    expect(week.closed_trades).toBe(3);
    expect(week.winning_trades).toBe(1);
    expect(week.accuracy).toBe('0.3333');
    expect(Number(week.yield)).toBeGreaterThan(0);
    expect(row.figures_at).not.toBeNull();
    expect(row.total_profit).toBe(week.profit);
    const detail = await c.t.ok<TraderDetail>('/api/follow/traderDetail', { method: 'GET', data: { trader_user_id: trader.uid, days: 7 } });
    expect(detail.pnl_curve).toHaveLength(7);
    expect(detail.pnl_curve.at(-1)?.pnl).toBe(week.profit);
    expect(detail.my_follow).toBeNull();
    const history = await c.t.ok<Page<TraderTrade>>('/api/follow/historyTrade', { method: 'GET', data: { trader_user_id: trader.uid } });
    expect(history.total).toBe(3);
    expect(await c.t.api('/api/follow/traderDetail', { method: 'GET', data: { trader_user_id: bob.uid } })).toMatchObject({ body: { code: 'COPYTRADE.TRADER_NOT_FOUND' } });
    expect(await c.t.api('/api/follow/index', { method: 'GET', data: { days: 14 } })).toMatchObject({ body: { code: 'COPYTRADE.WINDOW_INVALID' } });
  });

  it('approves an application with the ops command', async () => {
    const carol = await makeUser(c.t, 'carol-flow@example.com');
    expect(await c.t.ok<TraderSelf>('/api/follow/apply', { token: carol.token, data: { agree: 1, introduction: 'Swing trader' } })).toMatchObject({ state: 'pending' });
    const out = await runOps(c.t.dbEnv, 'test-operator', 'copytrade-approve', carol.email, 'followers=7');
    expect(out).toContain('approved');
    expect(await c.t.ok<TraderSelf>('/api/follow/traderMe', { token: carol.token })).toMatchObject({ state: 'approved', max_followers: 7, profit_share: '0.1000' });
    expect(await runOps(c.t.dbEnv, 'test-operator', 'copytrade-traders', 'approved')).toContain('carol-flow@example.com');
  });

  it('keeps the ledger balanced', async () => {
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
    expect(await balance(c.t, bob, 'USDT', 'lever')).toBeTruthy();
  });
});
