import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './helpers/flows.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DEMO = { user_string: 'demo@brisk.dev', password: 'brisk-demo' };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in', () => {
  it('answers the same for an unknown account as for a wrong password', async () => {
    const unknown = await t.api('/api/user/login', { data: { user_string: 'ghost@example.com', password: 'whatever' } });
    const wrong = await t.api('/api/user/login', { data: { ...DEMO, password: 'not-it' } });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ type: 'error', code: 'AUTH.LOGIN_FAILED' });
  });

  it('locks an account for 15 minutes after 5 failures, even for the right password', async () => {
    t.clock.advance(20 * MINUTE_MS); // forget the failure above
    for (let i = 0; i < 5; i += 1) {
      expect((await t.api('/api/user/login', { data: { ...DEMO, password: `wrong-${i}` } })).body).toMatchObject({ code: 'AUTH.LOGIN_FAILED' });
    }
    const locked = await t.api('/api/user/login', { data: DEMO, lang: 'zh' });
    expect(locked.body).toEqual({ type: 'error', code: 'AUTH.ACCOUNT_LOCKED', message: '失败次数过多，请 15 分钟后再试' });
    t.clock.advance(15 * MINUTE_MS);
    expect(typeof (await login(t, DEMO.user_string, DEMO.password))).toBe('string');
  });

  it('counts the failures from one address exactly under a parallel burst, and not its sign-ins', async () => {
    t.clock.advance(20 * MINUTE_MS);
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => t.api('/api/user/login', { data: { user_string: `ghost-${i}@example.com`, password: 'guess' } })));
    const codes = guesses.map((g) => (g.body.type === 'error' ? g.body.code : 'ok'));
    expect(codes.filter((c) => c === 'AUTH.LOGIN_FAILED')).toHaveLength(30);
    expect(codes.filter((c) => c === 'COMMON.RATE_LIMITED')).toHaveLength(10);

    // 29 failures, then sign-ins from the same address, which do not use up the 30th.
    t.clock.advance(20 * MINUTE_MS);
    for (let i = 0; i < 29; i += 1) await t.api('/api/user/login', { data: { user_string: `ghost-${i}@example.com`, password: 'guess' } });
    for (let i = 0; i < 3; i += 1) expect(typeof (await login(t, DEMO.user_string, DEMO.password))).toBe('string');
    expect((await t.api('/api/user/login', { data: { user_string: 'ghost-x@example.com', password: 'guess' } })).body).toMatchObject({ code: 'AUTH.LOGIN_FAILED' });
    expect((await t.api('/api/user/login', { data: DEMO })).body).toMatchObject({ code: 'COMMON.RATE_LIMITED' });
    // About 65 scrypt verifications at the production cost (an unknown account costs what a wrong
    // password does): 0.67 s each on this 2-core machine on a slow day, past the default 30 s.
  }, 120_000);

  it('rations the registered-email lookup per address', async () => {
    t.clock.advance(20 * MINUTE_MS);
    const asks = await Promise.all(Array.from({ length: 35 }, (_, i) => t.api<{ available: boolean }>('/api/user/check_email', { data: { user_string: `someone-${i}@example.com` } })));
    expect(asks.filter((a) => a.body.type === 'ok')).toHaveLength(30);
    expect(asks.filter((a) => a.body.type === 'error' && a.body.code === 'COMMON.RATE_LIMITED')).toHaveLength(5);
    t.clock.advance(16 * MINUTE_MS);
    expect(await t.ok('/api/user/check_email', { data: { user_string: 'demo@brisk.dev' } })).toEqual({ available: false });
  });

  it('validates what it is given before hashing anything', async () => {
    expect((await t.api('/api/user/login', { data: { password: 'x' } })).body).toMatchObject({ code: 'VALID.REQUIRED', field: 'user_string' });
    expect((await t.api('/api/user/login', { data: { user_string: 'a@b', password: 'x' } })).body).toMatchObject({ code: 'VALID.EMAIL', field: 'user_string' });
    expect((await t.api('/api/user/login', { data: { user_string: 'demo@brisk.dev' } })).body).toMatchObject({ code: 'VALID.REQUIRED', field: 'password' });
  });
});

describe('sessions', () => {
  it('last 24 hours, or 30 days when staying signed in', async () => {
    const day = await login(t, DEMO.user_string, DEMO.password);
    const month = await login(t, DEMO.user_string, DEMO.password, { stay: '1' });
    t.clock.advance(DAY_MS - MINUTE_MS);
    expect((await t.api('/api/user/info', { token: day })).body.type).toBe('ok');
    t.clock.advance(2 * MINUTE_MS);
    expect((await t.api('/api/user/info', { token: day })).body).toMatchObject({ type: 999, code: 'AUTH.SESSION_EXPIRED' });
    expect((await t.api('/api/user/info', { token: month })).body.type).toBe('ok');
    t.clock.advance(29 * DAY_MS);
    expect((await t.api('/api/user/info', { token: month })).body).toMatchObject({ type: 999 });
  });

  it('are stored only as hashes', async () => {
    const token = await login(t, DEMO.user_string, DEMO.password);
    const rows = await t.server.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});
