import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyId, fund, makeUser, newKey, type TestUser } from './helpers/money.ts';
import { cancel, expectBalancedLedger, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Spot orders and cancels racing transfers of the same balance: on SQLite a batch's guarded write
 * rolls back when the balance changed after it was read. Each request must still be answered for
 * what it is (placed, cancelled, or refused with its real reason), never COMMON.INTERNAL.
 */
let t: TestServer;
let carol: TestUser;
let usdt: number;

beforeAll(async () => {
  t = await startTestServer();
  carol = await makeUser(t, 'carol-race@example.com');
  await fund(t, carol.uid, 'USDT', '100000');
  usdt = await currencyId(t, 'USDT');
  // Lever starts with room for every lever → change leg, so a refusal can only be a wrong answer.
  const seed = await t.api('/api/wallet/change', {
    token: carol.token, data: { currency_id: usdt, number: '100', from_field: 'change', to_field: 'lever', idempotency_key: newKey() },
  });
  expect(seed.body.type).toBe('ok');
});
afterAll(async () => {
  await t?.close();
});

const transfer = (from: string, to: string) => t.api('/api/wallet/change', {
  token: carol.token, data: { currency_id: usdt, number: '1', from_field: from, to_field: to, idempotency_key: newKey() },
});

describe('spot orders against transfers of the same balance', () => {
  it('answers every order, cancel and transfer for what it is, never an internal error', async () => {
    const codes: string[] = [];
    let placed = 0;
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => trade(t, carol, { symbol: 'BTC/USDT', type: 'buy', target_price: String(30000 + round * 100 + i), amount: '0.001' })),
        ...Array.from({ length: 40 }, (_, i) => transfer(i % 2 === 0 ? 'change' : 'lever', i % 2 === 0 ? 'lever' : 'change')),
      ]);
      for (const a of answers) if (a.body.type !== 'ok') codes.push(String((a.body as { code?: string }).code));
      const orders = answers.slice(0, 40).flatMap((a) => (a.body.type === 'ok' ? [(a.body.message as { id: number }).id] : []));
      placed += orders.length;
      const cancels = await Promise.all([...orders.map((id) => cancel(t, carol, id)), ...Array.from({ length: 40 }, () => transfer('change', 'lever'))]);
      for (const a of cancels) if (a.body.type !== 'ok') codes.push(String((a.body as { code?: string }).code));
    }
    expect(codes).toEqual([]);
    expect(placed).toBe(120);
    await expectBalancedLedger(t);
  });
});
