import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRequest } from '../../contract/api/wallet.ts';
import { makeUser, newKey, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { walletOf } from '../../server/modules/wallet/module.ts';

/** server/services/wallet/charge-service.ts CHARGES_PENDING_MAX. */
const CHARGES_PENDING_MAX = 10;
let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  user = await makeUser(t, 'topup@example.com');
});
afterAll(async () => {
  await t?.close();
});

const pending = async () => (await t.server.db.selectFrom('charge_requests').select('id').where('user_id', '=', user.uid).where('state', '=', 'pending').execute()).length;
const charge = () => t.api<ChargeRequest>('/api/wallet/charge_req', { token: user.token, lang: 'jp', data: { currency: 'USDT', amount: '10', idempotency_key: newKey() } });

describe('fiat top-up requests', () => {
  it('cap the requests one user has waiting, even sent all at once, and free a slot when one is decided', async () => {
    const answers = await Promise.all(Array.from({ length: CHARGES_PENDING_MAX + 5 }, charge));
    const ok = answers.filter((a) => a.body.type === 'ok');
    expect(ok).toHaveLength(CHARGES_PENDING_MAX);
    for (const refused of answers.filter((a) => a.body.type !== 'ok')) {
      expect(refused.body).toMatchObject({ type: 'error', code: 'WALLET.CHARGES_PENDING', message: '処理待ちの入金申請が多すぎます。処理が終わるまでお待ちください' });
    }
    expect(await pending()).toBe(CHARGES_PENDING_MAX);
    const first = ok[0]?.body.type === 'ok' ? ok[0].body.message.id : 0;
    expect(await walletOf(t.server.modules).charges.reject(first, 'test')).toMatchObject({ ok: true });
    expect((await charge()).body.type).toBe('ok');
    expect(await pending()).toBe(CHARGES_PENDING_MAX);
  });
});
