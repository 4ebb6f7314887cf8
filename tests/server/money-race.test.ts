import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../contract/api/wallet.ts';
import { decimalToMinor, minorToDecimal } from '../../server/domain/minor-units.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { ADDRESSES, PAY_PASSWORD, balance, currencyId, fund, makeUser, networkId, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('50 concurrent withdrawals and transfers against one balance', () => {
  it('lets through only what fits and keeps the ledger balanced', async () => {
    await fund(t, alice.uid, 'BTC', '1');
    const btc = await currencyId(t, 'BTC');
    const bitcoin = await networkId(t, 'Bitcoin');
    // A withdrawal of 0.05 costs 0.0505 with its fee; a transfer 0.05. 50 of them want about 2.5 BTC.
    const requests = Array.from({ length: 50 }, (_, i) => (i % 2 === 0
      ? t.api<Withdrawal>('/api/wallet/out', {
        token: alice.token,
        data: { currency_id: btc, network_id: bitcoin, address: ADDRESSES.bitcoin, amount: '0.05', pay_password: PAY_PASSWORD, idempotency_key: newKey() },
      })
      : t.api('/api/user/Transfer', {
        token: alice.token,
        data: { currency_id: btc, account: String(bob.uid), amount: '0.05', pay_password: PAY_PASSWORD, idempotency_key: newKey() },
      })));
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.status === 200)).toBe(true);

    let spentMinor = 0n;
    let ok = 0;
    answers.forEach((answer, i) => {
      if (answer.body.type === 'ok') {
        ok += 1;
        spentMinor += i % 2 === 0 ? 5_050_000n : 5_000_000n;
      } else {
        expect(answer.body).toMatchObject({ type: 'error', code: 'WALLET.INSUFFICIENT_BALANCE', message: 'Insufficient balance' });
      }
    });
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(50);
    expect(spentMinor).toBeLessThanOrEqual(100_000_000n);

    const after = await balance(t, alice, 'BTC');
    const availableMinor = decimalToMinor(after.available, 8);
    // Nothing more would have fitted: what is left is less than the cheapest request.
    expect(availableMinor).toBe(100_000_000n - spentMinor);
    expect(availableMinor ?? 0n).toBeLessThan(5_000_000n);
    const withdrawals = answers.filter((a, i) => i % 2 === 0 && a.body.type === 'ok').length;
    expect(after.frozen).toBe(minorToDecimal(BigInt(withdrawals) * 5_050_000n, 8));
    const bobs = await balance(t, bob, 'BTC');
    expect(bobs.available).not.toBe('0');

    const report = await checkLedger(t.server);
    expect(report.problems).toEqual([]);
  }, 60_000);
});
