import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelPreview, CancelResult, CopyEvent, CopyMessage, CopyPosition, FollowPreview, MyFollow, TraderSelf } from '../../contract/api/copytrade.ts';
import type { StreamAck } from '../../contract/socket-events.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import type { CopyTables } from '../../server/modules/copytrade/schema.ts';
import type { ContractsServer } from './helpers/contracts.ts';
import { balance, newKey, type TestUser } from './helpers/money.ts';
import { follow_, makeFollower, makeTrader, mirrored, startCopyServer, submit } from './copytrade-setup.ts';

let c: ContractsServer;
let trader: TestUser;
let bob: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  c = await startCopyServer();
  trader = await makeTrader(c, 'trader-attack@example.com', '10000', 3);
  ({ user: bob } = await makeFollower(c, 'bob-attack@example.com', '2000', trader, { type: 'lots', number: '2', budget: '1000' }));
  ({ user: mallory } = await makeFollower(c, 'mallory-attack@example.com', '2000', null));
});
afterAll(async () => {
  await c?.t.close();
});

const error = async (path: string, user: TestUser, data: Record<string, string | number>) => (await c.t.api(path, { token: user.token, data })).body;
const copies = (user: TestUser, status = 'open') => c.t.ok<Page<CopyPosition>>('/api/follow/copies', { method: 'GET', token: user.token, data: { status } });
const events = (user: TestUser) => c.t.ok<Page<CopyEvent>>('/api/follow/copyHistory', { method: 'GET', token: user.token, data: { limit: 50 } });
const follows = (user: TestUser, status = 'active') => c.t.ok<Page<MyFollow>>('/api/follow/my', { method: 'GET', token: user.token, data: { status } });

describe('another user\'s follow, copy and trader row', () => {
  it("cannot cancel someone else's follow: answers not following and changes nothing", async () => {
    expect(await error('/api/follow/cancel', mallory, { follow_user_id: trader.uid, close_positions: 1 })).toMatchObject({ type: 'error', code: 'COPYTRADE.NOT_FOLLOWING' });
    expect(await error('/api/follow/edit', mallory, { trader_user_id: trader.uid, type: 'lots', number: '9', budget: '1' })).toMatchObject({ code: 'COPYTRADE.NOT_FOLLOWING' });
    expect((await follows(bob)).data[0]).toMatchObject({ state: 'active', number: '2', budget: '1000' });
  });

  it("cannot self-hold another user's copy: not found, the copy keeps following", async () => {
    await submit(c, trader, { lots: 1 });
    await mirrored(c);
    const [copy] = (await copies(bob)).data;
    expect(copy).toMatchObject({ lots: 2, self_held: false });
    expect(await error('/api/follow/selfHolding', mallory, { transaction_id: copy!.id })).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
    expect((await copies(bob)).data[0]).toMatchObject({ id: copy!.id, self_held: false });
    const own = await submit(c, mallory, { lots: 1 });
    expect(await error('/api/follow/selfHolding', mallory, { transaction_id: own.position.id })).toMatchObject({ code: 'COPYTRADE.NOT_A_COPY' });
  });

  it('cannot follow yourself, follow twice, or follow without accepting the agreement', async () => {
    expect(await error('/api/follow/follow', trader, { trader_user_id: trader.uid, type: 'multiple', number: '1', budget: '10', agree: 1 })).toMatchObject({ code: 'COPYTRADE.FOLLOW_SELF' });
    expect(await error('/api/follow/follow', bob, { trader_user_id: trader.uid, type: 'multiple', number: '1', budget: '10', agree: 1 })).toMatchObject({ code: 'COPYTRADE.ALREADY_FOLLOWING' });
    expect(await error('/api/follow/follow', mallory, { trader_user_id: trader.uid, type: 'multiple', number: '1', budget: '10' })).toMatchObject({ code: 'COPYTRADE.AGREEMENT_REQUIRED' });
    expect(await error('/api/follow/follow', mallory, { trader_user_id: trader.uid, type: 'multiple', number: '1', budget: '10', agree: 0 })).toMatchObject({ code: 'COPYTRADE.AGREEMENT_REQUIRED' });
    expect(await error('/api/follow/follow', mallory, { trader_user_id: bob.uid, type: 'multiple', number: '1', budget: '10', agree: 1 })).toMatchObject({ code: 'COPYTRADE.TRADER_NOT_FOUND' });
    expect(await error('/api/follow/follow', mallory, { trader_user_id: trader.uid, type: 'x', number: '1', budget: '10', agree: 1 })).toMatchObject({ code: 'COPYTRADE.TYPE_INVALID' });
    expect(await error('/api/follow/follow', mallory, { trader_user_id: trader.uid, type: '1', number: '1.234', budget: '10', agree: 1 })).toMatchObject({ code: 'COPYTRADE.NUMBER_INVALID' });
    expect(await error('/api/follow/follow', mallory, { trader_user_id: trader.uid, type: '1', number: '1', budget: '-5', agree: 1 })).toMatchObject({ code: 'COPYTRADE.BUDGET_INVALID' });
    expect(await error('/api/follow/follow', mallory, { trader_user_id: trader.uid, type: '2', number: '1', budget: '999999', agree: 1 })).toMatchObject({ code: 'COPYTRADE.BUDGET_ABOVE_BALANCE' });
    expect((await follows(mallory)).total).toBe(0);
  });

  it('takes only the profit share from a trader: extra fields are ignored, out-of-range shares refused', async () => {
    expect(await error('/api/follow/profitShare', mallory, { profit_share: '0.1' })).toMatchObject({ code: 'COPYTRADE.NOT_A_TRADER' });
    const me = await c.t.ok<TraderSelf>('/api/follow/profitShare', {
      token: trader.token, data: { profit_share: '0.2', max_followers: 99999, state: 'approved', user_id: mallory.uid, profit_share_ppm: 900000, max_profit_share: '1' },
    });
    expect(me).toMatchObject({ state: 'approved', profit_share: '0.2000', max_followers: 3, max_profit_share: '0.3000' });
    expect(await error('/api/follow/profitShare', trader, { profit_share: '0.31' })).toMatchObject({ code: 'COPYTRADE.PROFIT_SHARE_INVALID' });
    expect(await error('/api/follow/profitShare', trader, { profit_share: '-0.1' })).toMatchObject({ code: 'COPYTRADE.PROFIT_SHARE_INVALID' });
    // An application cannot approve itself either.
    const applied = await c.t.ok<TraderSelf>('/api/follow/apply', { token: mallory.token, data: { agree: 1, state: 'approved', max_followers: 5000, introduction: 'hi' } });
    expect(applied).toMatchObject({ state: 'pending', max_followers: 500, introduction: 'hi' });
    expect(await error('/api/follow/apply', mallory, { agree: 1 })).toMatchObject({ code: 'COPYTRADE.ALREADY_APPLIED' });
    const row = await c.t.server.db.withTables<CopyTables>().selectFrom('copy_traders').selectAll().where('user_id', '=', mallory.uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'pending', profit_share_ppm: 100_000, bot: 0 });
    // Bob's follow keeps the share it was made with.
    expect((await follows(bob)).data[0]).toMatchObject({ profit_share: '0.1000' });
  });
});

describe('skips, self-holding and stopping', () => {
  it('skips a copy it cannot make, with the reason, and never drives a balance below zero', async () => {
    const { user: poor } = await makeFollower(c, 'poor-attack@example.com', '5', trader, { type: 'lots', number: '50', budget: '5' });
    const { user: tiny } = await makeFollower(c, 'tiny-attack@example.com', '1000', null);
    // The quota (3) is full with bob, poor and one more.
    await follow_(c, tiny, trader, { type: 'multiple', number: '0.3', budget: '100' });
    const { user: late } = await makeFollower(c, 'late-attack@example.com', '1000', null);
    expect(await error('/api/follow/follow', late, { trader_user_id: trader.uid, type: 'lots', number: '1', budget: '10', agree: 1 })).toMatchObject({ code: 'COPYTRADE.QUOTA_FULL' });
    const preview = await c.t.ok<FollowPreview>('/api/follow/followPreview', { method: 'GET', token: late.token, data: { trader_user_id: trader.uid, type: 'lots', number: '1', budget: '10' } });
    expect(preview.problem).toBe('COPYTRADE.QUOTA_FULL');
    await submit(c, trader, { lots: 2 });
    await mirrored(c);
    // 50 lots x 0.001 x 60000 / 10 = 300 margin > the 5 USDT budget
    expect((await events(poor)).data[0]).toMatchObject({ action: 'open', outcome: 'skipped', skip_reason: 'budget_used', lots: 0 });
    // 2 x 0.3 = 0.6 lots: below one lot
    expect((await events(tiny)).data[0]).toMatchObject({ outcome: 'skipped', skip_reason: 'below_min_lot' });
    await c.t.ok('/api/follow/edit', { token: poor.token, data: { trader_user_id: trader.uid, type: 'lots', number: '50', budget: '5' } });
    await c.t.server.db.withTables<CopyTables>().updateTable('copy_follows').set({ budget_minor: '100000000000' }).where('follower_id', '=', poor.uid).execute();
    await submit(c, trader, { lots: 1 });
    await mirrored(c);
    expect((await events(poor)).data[0]).toMatchObject({ skip_reason: 'insufficient_margin' });
    expect((await balance(c.t, poor, 'USDT', 'lever')).available).toBe('5');
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });

  it('leaves a self-held copy alone when the trader closes, and tells the follower on the private channel', async () => {
    const socket: Socket = io(c.t.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      const ack = await new Promise<StreamAck>((resolve) => socket.emit('subscribe', { stream: 'user', token: bob.token }, resolve));
      expect(ack).toEqual({ ok: true });
      const heard: CopyMessage[] = [];
      socket.on('copy', (m: CopyMessage) => heard.push(m));
      const { position } = await submit(c, trader, { lots: 2, type: 'short' });
      await mirrored(c);
      const deadline = Date.now() + 5000;
      while (!heard.some((m) => m.event.trader_position_id === position.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const arrived = heard.find((m) => m.event.trader_position_id === position.id);
      expect(arrived?.event).toMatchObject({ action: 'open', outcome: 'copied', lots: 2, type: 'short' });
      const copy = (await copies(bob)).data.find((p) => p.trader_position_id === position.id)!;
      const held = await c.t.ok<CopyPosition>('/api/follow/selfHolding', { token: bob.token, data: { transaction_id: copy.id } });
      expect(held).toMatchObject({ id: copy.id, self_held: true, state: 'open' });
      expect(await error('/api/follow/selfHolding', bob, { transaction_id: copy.id })).toMatchObject({ code: 'COPYTRADE.ALREADY_SELF_HELD' });
      await c.t.ok('/api/lever/close', { token: trader.token, data: { id: position.id, idempotency_key: newKey() } });
      await mirrored(c);
      expect((await copies(bob)).data.find((p) => p.id === copy.id)).toMatchObject({ state: 'open', self_held: true, lots: 2 });
    } finally {
      socket.close();
    }
  });

  it('stops following: previews, then keeps the open copies as self-held or closes them now', async () => {
    const preview = await c.t.ok<CancelPreview>('/api/follow/cancelPreview', { method: 'GET', token: bob.token, data: { follow_user_id: trader.uid } });
    const live = (await copies(bob)).data.filter((p) => !p.self_held);
    expect(preview.open_copies).toBe(live.length);
    expect(live.length).toBeGreaterThan(0);
    const result = await c.t.ok<CancelResult>('/api/follow/cancel', { token: bob.token, data: { follow_user_id: trader.uid, close_positions: 1 } });
    expect(result).toMatchObject({ closed: live.length, kept: 0, follow: { state: 'cancelled' } });
    expect((await copies(bob)).data.filter((p) => !p.self_held)).toEqual([]);
    expect((await follows(bob, 'history')).data[0]).toMatchObject({ state: 'cancelled', trader_user_id: trader.uid });
    // Following again starts a new follow; stopping it with keep leaves the copy open, self-held.
    await follow_(c, bob, trader, { type: 'lots', number: '1', budget: '500' });
    await submit(c, trader, { lots: 1 });
    await mirrored(c);
    const kept = await c.t.ok<CancelResult>('/api/follow/cancel', { token: bob.token, data: { follow_user_id: trader.uid } });
    expect(kept).toMatchObject({ closed: 0, kept: 1 });
    expect((await copies(bob)).data.filter((p) => !p.self_held)).toEqual([]);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});

describe('follows racing each other', () => {
  it('parallel follows of one trader: each user follows once, the quota holds, nobody gets an internal error', async () => {
    const popular = await makeTrader(c, 'trader-race@example.com', '10000', 3);
    const fans: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) fans.push((await makeFollower(c, `fan-race-${i}@example.com`, '500', null)).user);
    const answers = await Promise.all(fans.flatMap((fan) => Array.from({ length: 4 }, () => c.t.api('/api/follow/follow', {
      token: fan.token, data: { trader_user_id: popular.uid, type: 'multiple', number: '1', budget: '100', agree: 1, idempotency_key: newKey() },
    }))));
    const codes = answers.map((a) => (a.body.type === 'ok' ? 'ok' : String((a.body as { code?: string }).code)));
    expect(codes.filter((code) => !['ok', 'COPYTRADE.ALREADY_FOLLOWING', 'COPYTRADE.QUOTA_FULL'].includes(code))).toEqual([]);
    expect(codes.filter((code) => code === 'ok')).toHaveLength(3);
    const active = await c.t.server.db.withTables<CopyTables>().selectFrom('copy_follows').select('follower_id').where('trader_user_id', '=', popular.uid).where('state', '=', 'active').execute();
    expect(new Set(active.map((f) => f.follower_id)).size).toBe(3);
  });
});
