import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesPosition, FuturesSubmitResult, RiskMessage } from '../../contract/api/contracts.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { contractsOf } from '../../server/modules/contracts/module.ts';

/**
 * A pending limit order's hold is the account's money: it counts in the equity that keeps the
 * account from liquidation, so it must also pay a loss the rest of the account cannot. Otherwise a
 * user parks a far-away order, lets a position lose more than available and margin, closes it (the
 * insurance account pays the difference) and cancels the order to take the hold back.
 */
let c: ContractsServer;
const risks: { userId: number; message: RiskMessage }[] = [];
beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
  contractsOf(c.t.server.modules).events.subscribe((e) => e.type === 'risk' && risks.push({ userId: e.userId, message: e.message }));
});

/** What the user's private channel said changed, position by position, since `from`. */
const toldChanged = (user: TestUser, from = 0) =>
  Object.fromEntries(risks.slice(from).filter((r) => r.userId === user.uid).flatMap((r) => r.message.changed).map((p) => [p.id, p.state]));
afterAll(async () => {
  await c?.t.close();
});

const submit = (token: string, data: Record<string, string | number>) =>
  c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token, data: { symbol: 'BTC/USDT', idempotency_key: newKey(), ...data } });

async function insurance(): Promise<bigint> {
  const usdt = await currencyId(c.t, 'USDT');
  const row = await c.t.server.db.selectFrom('ledger_accounts').select('available_minor')
    .where('user_id', '=', 0).where('name', '=', 'insurance').where('currency_id', '=', usdt).executeTakeFirst();
  return BigInt(row?.available_minor ?? '0');
}

const inProgress = async (user: TestUser) =>
  (await c.t.ok<Page<FuturesPosition>>('/api/lever/my_trade', { token: user.token, data: { status: 'in_progress' } })).data;

/** 1000 USDT in; long 0.01 BTC at 60000, 100x (margin 6, fee 0.3); a limit long at 30000 holding 962.4. */
async function shieldedLong(email: string, stop: Record<string, string> = {}, walk = ['58000', '55000', '52000', '50000']) {
  c.setMark('BTC/USDT', '60000');
  const user = await makeUser(c.t, email);
  await fundAccount(c.t, user, '1000');
  const { position: long } = await submit(user.token, { type: 'long', multiple: 100, lots: 10, ...stop });
  const { position: parked } = await submit(user.token, { type: 'long', multiple: 5, lots: 160, order_type: 'limit', target_price: '30000' });
  expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '31.3', frozen: '968.4' });
  // The price walks down with the trigger loop at every step: the hold keeps the account above liquidation.
  for (const price of walk) {
    c.setMark('BTC/USDT', price);
    await c.tick();
  }
  return { user, long, parked };
}

describe('a close the account cannot pay draws on pending orders first', () => {
  it('a manual close cancels the pending order, and the user pays the whole loss and fee', async () => {
    const before = await insurance();
    const { user, long, parked } = await shieldedLong('hold-manual@example.com');
    expect((await inProgress(user)).map((p) => p.id).sort()).toEqual([long.id, parked.id].sort());

    // Loss (50000 - 60000) x 0.01 = 100, close fee 500 x 0.0005 = 0.25: 1000 - 0.3 - 100 - 0.25 left.
    const closed = await c.t.ok<{ position: FuturesPosition }>('/api/lever/close', { token: user.token, data: { id: long.id } });
    expect(closed.position).toMatchObject({ state: 'closed', close_reason: 'manual' });
    expect(await inProgress(user)).toEqual([]);
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '899.45', frozen: '0' });
    expect(await insurance()).toBe(before);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
    // The app is told the order went, so it drops it and says so.
    const heard = risks.length;
    await c.tick();
    expect(toldChanged(user, heard)).toMatchObject({ [parked.id]: 'cancelled' });
  });

  it('so does a stop loss the trigger loop closes', async () => {
    const before = await insurance();
    // The mark gaps through the stop at 59000 to 50000: the stop closes at the mark, a loss of 100.
    const { user, long, parked } = await shieldedLong('hold-stop@example.com', { stop_loss_price: '59000' }, ['50000']);
    expect(await inProgress(user)).toEqual([]);
    expect(toldChanged(user)).toEqual({ [long.id]: 'closed', [parked.id]: 'cancelled' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '899.45', frozen: '0' });
    expect(await insurance()).toBe(before);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});
