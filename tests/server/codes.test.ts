import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DevOutboxMessage, SendCodeResult } from '../../contract/api/account.ts';
import { latestCode, login } from './helpers/flows.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const HOUR_MS = 60 * 60 * 1000;
let t: TestServer;
let demo = '';
let phone = 7_700_900_000;

// Binding a phone uses a code without any password hashing, so these tests stay fast.
const nextPhone = () => String((phone += 1));
const sendBindCode = (mobile: string) => t.api<SendCodeResult>('/api/sms_send', { token: demo, data: { area_code: '44', mobile, scene: 'bind_mobile' } });
const bind = (mobile: string, code: string) => t.api('/api/safe/mobile', { token: demo, data: { area_code: '44', mobile, code } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  t = await startTestServer();
  demo = await login(t, 'demo@brisk.dev', 'brisk-demo', { stay: '1' });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with empty throttle windows (per-IP limits are shared by all of them).
beforeEach(() => t.clock.advance(2 * HOUR_MS));

describe('verification codes', () => {
  it('are six digits, delivered to the dev outbox, and say when to ask again', async () => {
    const mobile = nextPhone();
    const sent = await sendBindCode(mobile);
    expect(sent.body).toEqual({ type: 'ok', message: { resend_after: 60 } });
    const [message] = await t.ok<DevOutboxMessage[]>('/api/dev/outbox', { method: 'GET', data: { to: `+44 ${mobile}` } });
    expect(message).toMatchObject({ to: `+44${mobile}`, code: expect.stringMatching(/^\d{6}$/) });
    expect(message?.body).toContain(message?.code);
  });

  it('write the message in the language of the request', async () => {
    await t.ok('/api/sms_mail', { data: { user_string: 'lang@example.com', scene: 'register' }, lang: 'kor' });
    const [message] = await t.ok<DevOutboxMessage[]>('/api/dev/outbox', { method: 'GET', data: { to: 'lang@example.com' } });
    expect(message?.subject).toBe('Brisk 인증 코드');
  });

  it('work once only', async () => {
    const mobile = nextPhone();
    await sendBindCode(mobile);
    const code = await latestCode(t, `+44${mobile}`);
    expect((await bind(mobile, code)).body).toEqual({ type: 'ok', message: 'ok' });
    expect((await bind(mobile, code)).body).toMatchObject({ type: 'error', code: 'CODE.INVALID', field: 'code' });
  });

  it('expire after ten minutes', async () => {
    const mobile = nextPhone();
    await sendBindCode(mobile);
    const code = await latestCode(t, `+44${mobile}`);
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await bind(mobile, code)).body).toMatchObject({ code: 'CODE.EXPIRED', field: 'code' });
  });

  it('stop working after five wrong attempts, even with the right code', async () => {
    const mobile = nextPhone();
    await sendBindCode(mobile);
    const code = await latestCode(t, `+44${mobile}`);
    for (let i = 0; i < 5; i += 1) expect((await bind(mobile, wrong(code))).body).toMatchObject({ code: 'CODE.INVALID' });
    expect((await bind(mobile, code)).body).toMatchObject({ code: 'CODE.TOO_MANY_ATTEMPTS' });
  });

  it('accept the right code after a few wrong ones', async () => {
    const mobile = nextPhone();
    await sendBindCode(mobile);
    const code = await latestCode(t, `+44${mobile}`);
    for (let i = 0; i < 4; i += 1) await bind(mobile, wrong(code));
    expect((await bind(mobile, code)).body.type).toBe('ok');
  });

  it('are only good for the address and purpose they were sent for; a new one replaces the old', async () => {
    const mobile = nextPhone();
    await sendBindCode(mobile);
    const first = await latestCode(t, `+44${mobile}`);
    expect((await bind(nextPhone(), first)).body).toMatchObject({ code: 'CODE.INVALID' });
    t.clock.advance(61_000);
    await sendBindCode(mobile);
    const second = await latestCode(t, `+44${mobile}`);
    if (first !== second) expect((await bind(mobile, first)).body).toMatchObject({ code: 'CODE.INVALID' });
    expect((await bind(mobile, second)).body.type).toBe('ok');
  });

  it('must be six digits', async () => {
    for (const code of ['12345', '1234567', 'abcdef']) {
      expect((await bind(nextPhone(), code)).body).toMatchObject({ code: 'VALID.CODE_LENGTH', field: 'code' });
    }
    expect((await t.api('/api/safe/mobile', { token: demo, data: { area_code: '44', mobile: nextPhone() } })).body).toMatchObject({ code: 'VALID.REQUIRED', field: 'code' });
  });
});

describe('sending codes is throttled', () => {
  it('to one per minute and ten per hour for an address', async () => {
    const mobile = nextPhone();
    expect((await sendBindCode(mobile)).body.type).toBe('ok');
    expect((await sendBindCode(mobile)).body).toMatchObject({ type: 'error', code: 'CODE.TOO_MANY_REQUESTS' });
    t.clock.advance(59_000);
    expect((await sendBindCode(mobile)).body).toMatchObject({ code: 'CODE.TOO_MANY_REQUESTS' });
    t.clock.advance(2_000);
    expect((await sendBindCode(mobile)).body.type).toBe('ok');
    for (let i = 2; i < 10; i += 1) {
      t.clock.advance(61_000);
      expect((await sendBindCode(mobile)).body.type).toBe('ok');
    }
    t.clock.advance(61_000);
    expect((await sendBindCode(mobile)).body).toMatchObject({ code: 'CODE.TOO_MANY_REQUESTS' });
  });

  it('to thirty per hour from one IP across addresses', async () => {
    for (let i = 0; i < 30; i += 1) expect((await sendBindCode(nextPhone())).body.type).toBe('ok');
    expect((await sendBindCode(nextPhone())).body).toMatchObject({ code: 'CODE.TOO_MANY_REQUESTS' });
    t.clock.advance(HOUR_MS);
    expect((await sendBindCode(nextPhone())).body.type).toBe('ok');
  });
});

describe('what a code may be asked for', () => {
  it('refuses a registration code for an address already registered', async () => {
    const answer = await t.api('/api/sms_mail', { data: { user_string: 'DEMO@brisk.dev', scene: 'register' } });
    expect(answer.body).toMatchObject({ type: 'error', code: 'AUTH.ACCOUNT_EXISTS', field: 'user_string' });
  });

  it('refuses a reset code for an unknown address', async () => {
    const answer = await t.api('/api/sms_send', { data: { area_code: '1', mobile: '5550100', scene: 'forget' } });
    expect(answer.body).toMatchObject({ code: 'AUTH.ACCOUNT_NOT_FOUND', field: 'mobile' });
  });

  it('needs a session for account scenes', async () => {
    for (const scene of ['update_password', 'bind_mobile', 'bind_email', 'pay_password']) {
      const answer = await t.api('/api/sms_mail', { data: { user_string: 'x@example.com', scene } });
      expect(answer.body).toMatchObject({ type: 999, code: 'AUTH.LOGIN_REQUIRED' });
    }
    const dead = await t.api('/api/sms_mail', { token: 'expired-or-made-up', data: { scene: 'update_password' } });
    expect(dead.body).toMatchObject({ type: 999, code: 'AUTH.SESSION_EXPIRED' });
  });

  it('validates the address and the scene', async () => {
    expect((await t.api('/api/sms_mail', { data: { user_string: 'not-an-email', scene: 'register' } })).body).toMatchObject({ code: 'VALID.EMAIL', field: 'user_string' });
    expect((await t.api('/api/sms_mail', { data: { scene: 'register' } })).body).toMatchObject({ code: 'VALID.REQUIRED', field: 'user_string' });
    expect((await t.api('/api/sms_mail', { data: { user_string: 'a@b.co', scene: 'launch_rockets' } })).body).toMatchObject({ code: 'COMMON.PARAM_INVALID', field: 'scene' });
    expect((await t.api('/api/sms_mail', { data: { user_string: 'a@b.co' } })).body).toMatchObject({ code: 'VALID.REQUIRED', field: 'scene' });
  });
});
