import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesSubmitResult } from '../../contract/api/contracts.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { fundAccount, startContractsServer, type ContractsServer } from './helpers/contracts.ts';
import { balance, currencyId, makeUser, newKey, type TestUser } from './helpers/money.ts';

/**
 * A lever account's available balance is not reduced by its open positions' unrealised loss, so
 * moving all of it out (a transfer to another account, or an exchange into another currency) used
 * to leave the loss to the insurance account at the next liquidation. What may leave is available
 * less that loss; the rest carries the positions.
 */
let c: ContractsServer;
beforeAll(async () => {
  c = await startContractsServer();
});
afterAll(async () => {
  await c?.t.close();
});

async function insurance(): Promise<bigint> {
  const usdt = await currencyId(c.t, 'USDT');
  const row = await c.t.server.db.selectFrom('ledger_accounts').select('available_minor')
    .where('user_id', '=', 0).where('name', '=', 'insurance').where('currency_id', '=', usdt).executeTakeFirst();
  return BigInt(row?.available_minor ?? '0');
}

/** 1000 USDT in; long 0.01 BTC at 60000, 100x (margin 6, fee 0.3: 993.7 available); the mark falls to 55000 (PnL -50). */
async function losingLong(email: string): Promise<{ user: TestUser; usdt: number }> {
  c.setMark('BTC/USDT', '60000');
  const user = await makeUser(c.t, email);
  await fundAccount(c.t, user, '1000');
  await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { symbol: 'BTC/USDT', type: 'long', multiple: 100, lots: 10, idempotency_key: newKey() } });
  for (const price of ['58000', '56000', '55000']) {
    c.setMark('BTC/USDT', price);
    await c.tick();
  }
  return { user, usdt: await currencyId(c.t, 'USDT') };
}

const change = (user: TestUser, usdt: number, amount: string) =>
  c.t.api('/api/wallet/change', { token: user.token, data: { currency_id: usdt, number: amount, from_field: 'lever', to_field: 'change', lang: 'en', idempotency_key: newKey() } });

describe('moving money out of a lever account with losing positions', () => {
  it('a transfer may take available less the unrealised loss, no more', async () => {
    const before = await insurance();
    const { user, usdt } = await losingLong('runaway-transfer@example.com');

    const refused = await change(user, usdt, '993.7');
    expect(refused.body).toMatchObject({ code: 'WALLET.POSITIONS_AT_LOSS', field: 'number' });
    expect(String((refused.body as { message: unknown }).message)).toMatch(/open positions are at a loss/);
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '993.7' });
    expect((await change(user, usdt, '943.71')).body).toMatchObject({ code: 'WALLET.POSITIONS_AT_LOSS' });

    // 993.7 - 50 = 943.7 may go: the account keeps its margin of 6 and exactly the loss.
    expect((await change(user, usdt, '943.7')).body).toMatchObject({ type: 'ok' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '50', frozen: '6' });
    await c.tick();
    expect(await insurance()).toBe(before);
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  });

  it('so may an exchange inside the lever account', async () => {
    const before = await insurance();
    const { user } = await losingLong('runaway-exchange@example.com');
    const exchange = (amount: string) =>
      c.t.api('/api/wallet/exchange', { token: user.token, data: { from_currency: 'USDT', to_currency: 'BTC', amount, account: 'lever', lang: 'en', idempotency_key: newKey() } });
    expect((await exchange('993.7')).body).toMatchObject({ code: 'WALLET.POSITIONS_AT_LOSS', field: 'amount' });
    expect(await balance(c.t, user, 'USDT', 'lever')).toMatchObject({ available: '993.7' });
    await c.tick();
    expect(await insurance()).toBe(before);
  });

  it('nothing may leave while a position has no price to value it at', async () => {
    const { user, usdt } = await losingLong('runaway-unpriced@example.com');
    c.marks.delete('BTC/USDT');
    try {
      expect((await change(user, usdt, '1')).body).toMatchObject({ code: 'CONTRACT.PRICE_UNAVAILABLE', field: 'number' });
    } finally {
      c.setMark('BTC/USDT', '55000');
    }
    expect((await change(user, usdt, '1')).body).toMatchObject({ type: 'ok' });
  });

  it('opposite exchanges in lever accounts with open positions all go through at once (no lock cycle on PostgreSQL)', async () => {
    c.setMark('BTC/USDT', '60000');
    const users: TestUser[] = [];
    for (let i = 0; i < 8; i += 1) {
      const user = await makeUser(c.t, `crossing-${i}@example.com`);
      await fundAccount(c.t, user, '100000');
      await fundAccount(c.t, user, '10', 'lever', 'BTC');
      if (i % 4 < 2) await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { symbol: 'BTC/USDT', type: 'long', multiple: 10, lots: 1, idempotency_key: newKey() } });
      users.push(user);
    }
    const exchange = (user: TestUser, from: string, to: string, amount: string) =>
      c.t.api('/api/wallet/exchange', { token: user.token, data: { from_currency: from, to_currency: to, amount, account: 'lever', lang: 'en', idempotency_key: newKey() } });
    const answers = [];
    for (let round = 0; round < 4; round += 1) {
      answers.push(...(await Promise.all(users.map((u, i) => (i % 2 === 0 ? exchange(u, 'USDT', 'BTC', '10') : exchange(u, 'BTC', 'USDT', '0.001'))))));
    }
    expect(answers.map((a) => (a.body as { type: string; code?: string }).code ?? 'ok')).toEqual(answers.map(() => 'ok'));
    expect((await checkLedger(c.t.server)).problems).toEqual([]);
  }, 60_000);

  it('an unrealised profit does not add to what may move', async () => {
    c.setMark('BTC/USDT', '60000');
    const user = await makeUser(c.t, 'free-transfer@example.com');
    await fundAccount(c.t, user, '100');
    const usdt = await currencyId(c.t, 'USDT');
    await c.t.ok<FuturesSubmitResult>('/api/lever/submit', { token: user.token, data: { symbol: 'BTC/USDT', type: 'long', multiple: 100, lots: 10, idempotency_key: newKey() } });
    c.setMark('BTC/USDT', '61000');
    await c.tick();
    // A profit of 10 does not add to what may move: 93.7 is available, and no more.
    expect((await change(user, usdt, '93.71')).body).toMatchObject({ code: 'WALLET.INSUFFICIENT_BALANCE' });
    expect((await change(user, usdt, '93.7')).body).toMatchObject({ type: 'ok' });
    expect((await change(user, usdt, '0.01')).body).toMatchObject({ code: 'WALLET.INSUFFICIENT_BALANCE' });
  });
});
