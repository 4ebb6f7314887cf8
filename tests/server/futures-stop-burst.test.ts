import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesPosition, FuturesSubmitResult } from '../../contract/api/contracts.ts';
import type { Page } from '../../contract/envelope.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, makeUser, newKey, type TestUser } from './helpers/money.ts';

/**
 * Many stops firing in one pass (a price spike): the plain closes go through in groups, a close the
 * account cannot pay from its own margin goes alone and takes its other margin, exactly as before.
 * BTC/USDT: lot 0.001 BTC, fee 0.05 %.
 */
let c: ContractsServer;

beforeAll(async () => {
  c = await startContractsServer();
  c.setMark('BTC/USDT', '60000');
});
afterAll(async () => {
  await c?.t.close();
});

const submit = (user: TestUser, data: Record<string, string | number>) =>
  c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { symbol: 'BTC/USDT', idempotency_key: newKey(), ...data } });
const completed = async (user: TestUser) => (await c.t.ok<Page<FuturesPosition>>('/api/lever/my_trade', { token: user.token, data: { status: 'completed' } })).data;
const live = async (user: TestUser) => (await c.t.ok<Page<FuturesPosition>>('/api/lever/my_trade', { token: user.token, data: { status: 'in_progress' } })).data;

describe('a burst of stops in one pass', () => {
  it('closes every triggered position once, each at the mark with its own figures', async () => {
    const shorts: { user: TestUser; id: number }[] = [];
    for (let i = 0; i < 12; i += 1) {
      const user = await makeUser(c.t, `burst-${i}@example.com`);
      await fundAccount(c.t, user, '1000');
      const { position } = await submit(user, { type: 'short', multiple: 10, lots: 10, target_profit_price: '58700' });
      shorts.push({ user, id: position.id });
    }
    // 12.3 per position (margin 12 at 50x + fee 0.3): 0.4 left after both.
    const hedged = await makeUser(c.t, 'burst-hedged@example.com');
    await fundAccount(c.t, hedged, '25');
    const { position: long } = await submit(hedged, { type: 'long', multiple: 50, lots: 10, stop_loss_price: '58700' });
    const { position: short } = await submit(hedged, { type: 'short', multiple: 50, lots: 10 });

    c.setMark('BTC/USDT', '58700');
    const report = await c.tick();
    expect(report.futures.closed.map((x) => x.id).sort((a, b) => a - b)).toEqual([...shorts.map((s) => s.id), long.id].sort((a, b) => a - b));
    expect(report.futures.closed.find((x) => x.id === long.id)?.reason).toBe('sl');
    expect(report.futures.liquidated).toEqual([]);

    // (60000 - 58700) x 0.01 = 13; close fee 587 x 0.05 % = 0.2935; open fee 0.3.
    for (const { user, id } of shorts) {
      expect(await completed(user)).toEqual([expect.objectContaining({ id, close_reason: 'tp', profit: '13', handling_fee: '0.5935', current_price: '58700' })]);
      expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '1012.4065', frozen: '0' });
    }
    // The long's loss of 13 is past its margin (12) and the 0.4 available: the short's margin pays the
    // other 0.6, and nothing is left for the close fee.
    expect(await completed(hedged)).toEqual([expect.objectContaining({ id: long.id, close_reason: 'sl', profit: '-13', handling_fee: '0.3' })]);
    expect(await live(hedged)).toEqual([expect.objectContaining({ id: short.id, state: 'open', margin: '11.4' })]);
    expect(await balance(c.t, hedged, 'USDT', 'lever')).toMatchObject({ available: '0', frozen: '11.4' });

    const again = await c.tick();
    expect(again.futures.closed).toEqual([]);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });

  it('while users close the same positions by hand: each closes once, and nobody gets an internal error', async () => {
    c.setMark('BTC/USDT', '60000');
    const users: { user: TestUser; id: number }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const user = await makeUser(c.t, `race-${i}@example.com`);
      await fundAccount(c.t, user, '1000');
      const { position } = await submit(user, { type: 'long', multiple: 10, lots: 10, target_profit_price: '60100' });
      users.push({ user, id: position.id });
    }
    c.setMark('BTC/USDT', '60200');
    const [report, ...answers] = await Promise.all([
      c.tick(),
      ...users.map(({ user, id }) => c.t.api('/api/lever/close', { token: user.token, data: { id } })),
    ]);
    const byHand = users.filter((_, i) => answers[i]?.body.type === 'ok').map((u) => u.id);
    for (const answer of answers.filter((a) => a.body.type !== 'ok')) expect(answer.body).toMatchObject({ code: 'CONTRACT.POSITION_NOT_OPEN' });
    const byStop = report.futures.closed.map((x) => x.id);
    expect([...byHand, ...byStop].sort((a, b) => a - b)).toEqual(users.map((u) => u.id).sort((a, b) => a - b));
    for (const { user } of users) expect(await completed(user)).toHaveLength(1);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });
});
