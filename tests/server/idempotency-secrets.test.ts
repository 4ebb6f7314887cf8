import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf } from '../../server/services/ledger/idempotency-service.ts';
import { latestCode, login, registerByEmail } from './helpers/flows.ts';
import { newKey } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let token = '';
let uid = 0;
const email = 'erin@example.com';

beforeAll(async () => {
  t = await startTestServer();
  uid = await registerByEmail(t, email, 'secret-1');
  token = await login(t, email, 'secret-1');
});
afterAll(async () => {
  await t?.close();
});

describe('idempotency keys keep no trace of secrets', () => {
  it('a new payment password does not enter the stored request fingerprint (a fast hash of it would undo scrypt)', async () => {
    t.clock.advance(61_000);
    await t.ok('/api/sms_mail', { token, data: { scene: 'pay_password' } });
    const key = newKey();
    const sent = { password: 'paypass1', re_password: 'paypass1', code: await latestCode(t, email), idempotency_key: key };
    await t.ok('/api/safe/pay_password', { token, data: sent });
    const row = await t.server.db.selectFrom('idempotency_keys').select('request_hash')
      .where('user_id', '=', uid).where('endpoint', '=', 'safe/pay_password').where('key', '=', key).executeTakeFirstOrThrow();
    // The same fingerprint whatever the password: nothing in the row can confirm a guess.
    expect(fingerprintOf({ ...sent, password: 'guess-123', re_password: 'guess-123' })).toBe(row.request_hash);
    // A retry under the same key answers the first result and sets nothing new.
    const before = await t.server.db.selectFrom('users').select('pay_password_hash').where('id', '=', uid).executeTakeFirstOrThrow();
    await t.ok('/api/safe/pay_password', { token, data: sent });
    expect(await t.server.db.selectFrom('users').select('pay_password_hash').where('id', '=', uid).executeTakeFirstOrThrow()).toEqual(before);
  });
});
