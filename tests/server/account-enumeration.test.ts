import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestCode } from './helpers/flows.ts';
import { fund, makeUser, newKey, PAY_PASSWORD, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Whether an address has an account is rationed per IP (/user/check_email, 30 per 15 minutes; codes,
// 30 per hour). No other endpoint may answer it more often, or for less than it costs there.
const HOUR_MS = 60 * 60 * 1000;
const WRONG_CODE = '000000';
let t: TestServer;
let carol: TestUser;
let usdt = 0;


beforeAll(async () => {
  t = await startTestServer();
  carol = await makeUser(t, 'carol@example.com');
  await makeUser(t, 'taken@example.com');
  await fund(t, carol.uid, 'USDT', '100');
  usdt = (await t.server.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});
// Every test starts with empty throttle windows: the per-IP ones are shared by all of them.
beforeEach(() => t.clock.advance(2 * HOUR_MS));

describe('no endpoint tells whether an address has an account beyond the per-IP ration', () => {
  it('/sms_mail: its account answers (exists, not found, taken) each cost a code slot of the IP', async () => {
    const register = () => t.api('/api/sms_mail', { data: { user_string: 'taken@example.com', scene: 'register' } });
    const answers = [
      [register, 'AUTH.ACCOUNT_EXISTS'],
      [() => t.api('/api/sms_mail', { data: { user_string: 'nobody@example.com', scene: 'forget' } }), 'AUTH.ACCOUNT_NOT_FOUND'],
      [() => t.api('/api/sms_mail', { token: carol.token, data: { user_string: 'taken@example.com', scene: 'bind_email' } }), 'USER.EMAIL_TAKEN'],
    ] as const;
    for (let round = 0; round < 10; round += 1) {
      for (const [ask, code] of answers) expect((await ask()).body).toMatchObject({ code });
    }
    expect((await register()).body).toMatchObject({ code: 'CODE.TOO_MANY_REQUESTS' });
  });

  it('/user/register: a wrong code says only that, whether or not the address has an account', async () => {
    const form = { user_string: 'taken@example.com', code: WRONG_CODE, password: 'abcdef', re_password: 'abcdef' };
    expect((await t.api('/api/user/register', { data: form })).body).toMatchObject({ code: 'CODE.INVALID', field: 'code' });
    // Registered between the code and its use: the code is spent, the account stays the first one.
    await t.ok('/api/sms_mail', { data: { user_string: 'late@example.com', scene: 'register' } });
    const code = await latestCode(t, 'late@example.com');
    await makeUser(t, 'late@example.com');
    expect((await t.api('/api/user/register', { data: { ...form, user_string: 'late@example.com', code } })).body).toMatchObject({ code: 'AUTH.ACCOUNT_EXISTS' });
  });

  it('/user/forget: an unknown address with a wrong code answers like a known one', async () => {
    const form = { code: WRONG_CODE, password: 'abcdef', re_password: 'abcdef' };
    expect((await t.api('/api/user/forget', { data: { ...form, user_string: 'nobody@example.com' } })).body).toMatchObject({ code: 'CODE.INVALID', field: 'code' });
    expect((await t.api('/api/user/forget', { data: { ...form, user_string: 'taken@example.com' } })).body).toMatchObject({ code: 'CODE.INVALID', field: 'code' });
  });

  it('/user/Transfer: a wrong payment password is refused before the receiver is looked up', async () => {
    const send = (account: string, pay_password: string) =>
      t.api('/api/user/Transfer', { token: carol.token, data: { currency_id: usdt, amount: '10', account, pay_password, idempotency_key: newKey() } });
    expect((await send('nobody@example.com', 'not-the-pass')).body).toMatchObject({ code: 'WALLET.PAY_PASSWORD_WRONG' });
    expect((await send('nobody@example.com', PAY_PASSWORD)).body).toMatchObject({ code: 'WALLET.RECEIVER_NOT_FOUND', field: 'account' });
  });

  it('/user/Transfer: with the right payment password, email receivers are rationed per sender, not per IP', async () => {
    const send = (token: string, account: string) =>
      t.api('/api/user/Transfer', { token, data: { currency_id: usdt, amount: '1', account, pay_password: PAY_PASSWORD, idempotency_key: newKey() } });
    for (let i = 0; i < 30; i += 1) expect((await send(carol.token, `nobody${i}@example.com`)).body).toMatchObject({ code: 'WALLET.RECEIVER_NOT_FOUND' });
    expect((await send(carol.token, 'nobody@example.com')).body).toMatchObject({ code: 'COMMON.RATE_LIMITED' });
    // Someone else behind the same address (a carrier's NAT) still sends to an email.
    const dave = await makeUser(t, `dave-${newKey()}@example.com`);
    await fund(t, dave.uid, 'USDT', '10');
    expect((await send(dave.token, 'taken@example.com')).body).toMatchObject({ type: 'ok' });
  });

  it('/safe/mobile: a wrong code says only that, whether or not another account has the number', async () => {
    const other = await t.server.db.selectFrom('users').select(['area_code', 'phone']).where('email', '=', 'taken@example.com').executeTakeFirstOrThrow();
    const bound = await t.api('/api/safe/mobile', { token: carol.token, data: { area_code: other.area_code ?? '', mobile: other.phone ?? '', code: WRONG_CODE } });
    expect(bound.body).toMatchObject({ code: 'CODE.INVALID', field: 'code' });
  });

  it('/safe/email: a wrong code says only that, whether or not another account has the address', async () => {
    const bound = await t.api('/api/safe/email', { token: carol.token, data: { email: 'taken@example.com', code: WRONG_CODE } });
    expect(bound.body).toMatchObject({ code: 'CODE.INVALID', field: 'code' });
  });
});
