import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/api/account.ts';
import { latestCode, login, PNG_1X1, registerByEmail, upload } from './helpers/flows.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { CODE_TTL_MS } from '../../server/domain/code-rules.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('an account from sign-up to password change', () => {
  const email = 'alice@example.com';
  let token = '';
  let uid = 0;

  it('registers with a code read from the dev outbox, ignoring fields it does not know', async () => {
    expect(await t.ok('/api/user/check_email', { data: { user_string: email } })).toEqual({ available: true });
    await t.ok('/api/sms_mail', { data: { user_string: email, scene: 'register' } });
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const register = await t.api<{ uid: number }>('/api/user/register', {
      // Mass assignment: none of uid, real_state, nickname, avatar or inviter may be set this way.
      data: { type: 'email', user_string: 'Alice@Example.com ', code, password: 'secret-1', re_password: 'secret-1', uid: 1, real_state: 2, avatar: '/x.png', nickname: 'Boss', inviter_id: 1 },
    });
    expect(register.body.type).toBe('ok');
    uid = (register.body as { message: { uid: number } }).message.uid;
    expect(uid).toBeGreaterThan(100001);
    expect(await t.ok('/api/user/check_email', { data: { user_string: email } })).toEqual({ available: false });
  });

  it('logs in and reads its own profile', async () => {
    token = await login(t, email, 'secret-1', { stay: '1' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.ok<UserInfo>('/api/user/info', { method: 'GET', token });
    expect(info).toMatchObject({ uid, email, phone: null, nickname: `u${uid}`, signature: '', avatar: '', real_state: 0 });
    expect(info.extension_code).toMatch(/^[A-Z0-9]{6,8}$/);
    // "Bearer x" works as well as the raw token.
    expect((await t.ok<UserInfo>('/api/user/info', { method: 'GET', token: `Bearer ${token}` })).uid).toBe(uid);
  });

  it('edits nickname and signature, refusing bad ones without changing anything', async () => {
    await t.ok('/api/user/editNickname', { token, data: { nickname: ' 小明 Li ', signature: 'Trader from Lyon 2026' } });
    const bad = [
      [{ nickname: 'a' }, 'VALID.NICKNAME_LENGTH', 'nickname'],
      [{ nickname: 'abcdefghijk' }, 'VALID.NICKNAME_LENGTH', 'nickname'],
      [{ nickname: 'bob<script>' }, 'VALID.NICKNAME_LENGTH', 'nickname'],
      [{ nickname: 'bob!' }, 'VALID.SPECIAL_CHARACTERS', 'nickname'],
      [{ signature: 'x' }, 'VALID.SIGNATURE_LENGTH', 'signature'],
      [{ signature: 'hello; drop table' }, 'VALID.SPECIAL_CHARACTERS', 'signature'],
      [{ nickname: 'Good', signature: 'ok?' }, 'VALID.SPECIAL_CHARACTERS', 'signature'],
      [{}, 'VALID.REQUIRED', 'nickname'],
    ] as const;
    for (const [data, code, field] of bad) {
      const answer = await t.api('/api/user/editNickname', { token, data: { ...data } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ type: 'error', code, field });
    }
    const info = await t.ok<UserInfo>('/api/user/info', { token });
    expect(info.nickname).toBe('小明 Li');
    expect(info.signature).toBe('Trader from Lyon 2026');
  });

  it('uploads a real image, refuses a text file named .png, and sets the avatar', async () => {
    // `lang` may follow the file in the form, as the app sends it.
    const fake = await upload(t, token, Buffer.from('this is not an image'), 'avatar.png', 'image/png', { field: 'spa' });
    expect(fake.status).toBe(200);
    expect(fake.body).toMatchObject({ type: 'error', code: 'UPLOAD.NOT_IMAGE', field: 'file', message: 'Solo se pueden subir imágenes PNG, JPEG, GIF o WebP' });

    const real = await upload(t, token, PNG_1X1, 'me.png', 'image/png');
    expect(real.body.type).toBe('ok');
    const path = real.body.message;
    expect(path).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(readFileSync(join(t.dataDir, path))).toEqual(PNG_1X1);
    // Until it is an avatar, an upload is its owner's alone (it may be an identity document).
    expect((await fetch(t.url + path)).status).toBe(404);

    for (const foreign of ['https://evil.example/x.png', '/uploads/../data/brisk.sqlite', '/uploads/00000000000000000000000000000000.png']) {
      const answer = await t.api('/api/user/uploadHeadPortrait', { token, data: { head_portrait: foreign } });
      expect(answer.body).toMatchObject({ type: 'error', code: 'UPLOAD.UNKNOWN_FILE' });
    }
    await t.ok('/api/user/uploadHeadPortrait', { token, data: { head_portrait: path } });
    expect((await t.ok<UserInfo>('/api/user/info', { token })).avatar).toBe(path);

    const served = await fetch(t.url + path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1);
  });

  it('takes images up to 2 MiB, refuses bigger ones with 413, and a missing file with an error', async () => {
    const large = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024 - PNG_1X1.length)]);
    expect((await upload(t, token, large, 'large.png', 'image/png')).body.type).toBe('ok');
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]);
    // The upload stops at the limit, before any later `lang` field: the header names the language.
    const tooLarge = await upload(t, token, big, 'big.png', 'image/png', { header: 'fr-FR,fr;q=0.9' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ type: 'error', code: 'UPLOAD.TOO_LARGE', message: 'L’image ne doit pas dépasser 2 Mo' });
    const form = new FormData();
    form.append('other', 'x');
    const missing = await fetch(`${t.url}/api/upload`, { method: 'POST', body: form, headers: { authorization: token } });
    expect(await missing.json()).toMatchObject({ type: 'error', code: 'UPLOAD.MISSING_FILE' });
  });

  it('changes the password with a code to its email, which ends every session', async () => {
    t.clock.advance(61_000); // one code per address per minute
    const other = await login(t, email, 'secret-1');
    // The code goes to the account's own email, whatever address the request names.
    await t.ok('/api/sms_mail', { token, data: { scene: 'update_password', user_string: 'someone@else.com' } });
    expect((await t.api('/api/dev/outbox', { method: 'GET', data: { to: 'someone@else.com' } })).body).toEqual({ type: 'ok', message: [] });
    const code = await latestCode(t, email);

    const mismatch = await t.api('/api/safe/update_password', { token, data: { password: 'secret-2', re_password: 'secret-3', code } });
    expect(mismatch.body).toMatchObject({ type: 'error', code: 'AUTH.PASSWORDS_INCONSISTENT', field: 're_password' });
    const short = await t.api('/api/safe/update_password', { token, data: { password: 'abc', re_password: 'abc', code } });
    expect(short.body).toMatchObject({ code: 'AUTH.PASSWORD_TOO_SHORT', field: 'password' });

    await t.ok('/api/safe/update_password', { token, data: { password: 'secret-2', re_password: 'secret-2', code } });
    for (const old of [token, other]) {
      const answer = await t.api('/api/user/info', { token: old });
      expect(answer.body).toMatchObject({ type: 999, code: 'AUTH.SESSION_EXPIRED' });
    }
    expect((await t.api('/api/user/login', { data: { user_string: email, password: 'secret-1' } })).body).toMatchObject({ code: 'AUTH.LOGIN_FAILED' });
    token = await login(t, email, 'secret-2');
    expect((await t.ok<UserInfo>('/api/user/info', { token })).uid).toBe(uid);
  });

  it('logs out, after which the token is dead', async () => {
    await t.ok('/api/user/logout', { method: 'GET', token });
    expect((await t.api('/api/user/info', { token })).body).toMatchObject({ type: 999 });
    // Logging out again, or without a token, is harmless.
    await t.ok('/api/user/logout', { method: 'GET', token });
    await t.ok('/api/user/logout', { method: 'GET' });
  });

  it("ends a session by its token's hash alone, which cannot sign in, and leaves the caller's own session", async () => {
    const lost = await login(t, email, 'secret-2');
    const current = await login(t, email, 'secret-2');
    const hash = createHash('sha256').update(lost).digest('hex');
    expect((await t.api('/api/user/info', { token: hash })).body).toMatchObject({ type: 999 });

    const bad = await t.api('/api/user/logout', { data: { revoke: hash.slice(1) }, token: lost });
    expect(bad.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID', field: 'revoke' });
    const french = await t.api('/api/user/logout', { data: { revoke: hash.toUpperCase() }, lang: 'fra' });
    expect(french.body).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID' });
    expect((french.body as { message: string }).message).not.toBe((bad.body as { message: string }).message);
    await t.ok('/api/user/info', { method: 'GET', token: lost });

    // Sent with another session's token (the device signed in again meanwhile): only the named one ends.
    await t.ok('/api/user/logout', { data: { revoke: hash }, token: current });
    expect((await t.api('/api/user/info', { token: lost })).body).toMatchObject({ type: 999 });
    await t.ok('/api/user/info', { method: 'GET', token: current });
    // Again, or a hash no session has: nothing to do.
    await t.ok('/api/user/logout', { data: { revoke: hash } });
    await t.ok('/api/user/logout', { method: 'GET', data: { revoke: '0'.repeat(64) } });
    await t.ok('/api/user/logout', { method: 'GET', token: current });
  });
});

describe('a request sent again because its answer was lost', () => {
  it('signs up once: the same code and password answer as the first did, anything else does not', async () => {
    const email = 'dora@example.com';
    await t.ok('/api/sms_mail', { data: { user_string: email, scene: 'register' } });
    const code = await latestCode(t, email);
    const form = { type: 'email', user_string: email, code, password: 'dora-pass', re_password: 'dora-pass' };
    const first = await t.ok<{ uid: number }>('/api/user/register', { data: form });
    expect(await t.ok('/api/user/register', { data: form })).toEqual(first);
    const otherPassword = await t.api('/api/user/register', { data: { ...form, password: 'other-pass', re_password: 'other-pass' } });
    expect(otherPassword.body).toMatchObject({ type: 'error', code: 'CODE.INVALID', field: 'code' });
    const otherCode = await t.api('/api/user/register', { data: { ...form, code: code === '000000' ? '000001' : '000000' } });
    expect(otherCode.body).toMatchObject({ code: 'CODE.INVALID' });
    await login(t, email, 'dora-pass');

    // Past the code's lifetime, a repeat is just a used code.
    t.clock.advance(CODE_TTL_MS + 1000);
    expect((await t.api('/api/user/register', { data: form })).body).toMatchObject({ code: 'CODE.INVALID' });
  });

  it('resets a password once: a repeat with the same password is answered ok and ends nothing new; after a newer code it is refused', async () => {
    const email = 'eve@example.com';
    await registerByEmail(t, email, 'eve-pass-1');
    t.clock.advance(61_000);
    await t.ok('/api/sms_mail', { data: { user_string: email, scene: 'forget' } });
    const code = await latestCode(t, email);
    const form = { type: 'email', user_string: email, code, password: 'eve-pass-2', re_password: 'eve-pass-2' };
    await t.ok('/api/user/forget', { data: form });
    const session = await login(t, email, 'eve-pass-2');
    await t.ok('/api/user/forget', { data: form });
    await t.ok('/api/user/info', { method: 'GET', token: session });

    t.clock.advance(61_000);
    await t.ok('/api/sms_mail', { data: { user_string: email, scene: 'forget' } });
    expect((await t.api('/api/user/forget', { data: form })).body).toMatchObject({ code: 'CODE.INVALID' });
  });
});

describe('forgotten password', () => {
  it('resets the password with a code and ends the old sessions', async () => {
    const email = 'bob@example.com';
    await registerByEmail(t, email, 'first-pass');
    const before = await login(t, email, 'first-pass');
    t.clock.advance(61_000);

    const unknown = await t.api('/api/sms_mail', { data: { user_string: 'nobody@example.com', scene: 'forget' } });
    expect(unknown.body).toMatchObject({ type: 'error', code: 'AUTH.ACCOUNT_NOT_FOUND', field: 'user_string' });

    await t.ok('/api/sms_mail', { data: { user_string: email, scene: 'forget' } });
    const code = await latestCode(t, email);
    const wrongScene = await t.api('/api/user/register', { data: { type: 'email', user_string: 'carol@example.com', code, password: 'abcdef', re_password: 'abcdef' } });
    expect(wrongScene.body).toMatchObject({ code: 'CODE.INVALID', field: 'code' });

    await t.ok('/api/user/forget', { data: { type: 'email', user_string: email, code, password: 'second-pass', re_password: 'second-pass' } });
    expect((await t.api('/api/user/info', { token: before })).body).toMatchObject({ type: 999 });
    const again = await t.api('/api/user/forget', { data: { type: 'email', user_string: email, code, password: 'third-pass', re_password: 'third-pass' } });
    expect(again.body).toMatchObject({ code: 'CODE.INVALID' });
    await login(t, email, 'second-pass');
  });
});

describe('mobile accounts', () => {
  it('registers by mobile, logs in with and without area code, and refuses a taken number', async () => {
    await t.ok('/api/sms_send', { data: { area_code: '+86', mobile: '138 0013 8000', scene: 'register' } });
    const code = await latestCode(t, '+8613800138000');
    await t.ok('/api/user/register', { data: { type: 'mobile', area_code: '86', user_string: '13800138000', code, password: 'mobile-1', re_password: 'mobile-1' } });
    const token = await login(t, '13800138000', 'mobile-1', { area_code: '86' });
    expect(await t.ok<UserInfo>('/api/user/info', { token })).toMatchObject({ email: null, phone: '13800138000', area_code: '86' });
    // A bare number finds the account while only one account has it.
    await login(t, '13800138000', 'mobile-1');

    const demo = await login(t, 'demo@brisk.dev', 'brisk-demo');
    const taken = await t.api('/api/sms_send', { token: demo, data: { area_code: '86', mobile: '13800138000', scene: 'bind_mobile' } });
    expect(taken.body).toMatchObject({ code: 'USER.MOBILE_TAKEN' });
    await t.ok('/api/sms_send', { token: demo, data: { area_code: '44', mobile: '7700900123', scene: 'bind_mobile' } });
    await t.ok('/api/safe/mobile', { token: demo, data: { area_code: '44', mobile: '7700900123', code: await latestCode(t, '+447700900123') } });
    expect(await t.ok<UserInfo>('/api/user/info', { token: demo })).toMatchObject({ phone: '7700900123', area_code: '44', nickname: 'Demo' });
  });

  it('validates mobile numbers: 5 to 15 digits and an area code', async () => {
    for (const [data, code, field] of [
      [{ area_code: '86', mobile: '1234' }, 'VALID.MOBILE', 'mobile'],
      [{ area_code: '86', mobile: '1234567890123456' }, 'VALID.MOBILE', 'mobile'],
      [{ area_code: '86', mobile: '12345abc' }, 'VALID.MOBILE', 'mobile'],
      [{ area_code: 'xx', mobile: '13800138000' }, 'VALID.AREA_CODE', 'area_code'],
      [{ mobile: '13800138000' }, 'VALID.REQUIRED', 'area_code'],
    ] as const) {
      expect((await t.api('/api/sms_send', { data: { ...data, scene: 'register' } })).body).toMatchObject({ type: 'error', code, field });
    }
  });
});

describe('invitation codes', () => {
  it('records a valid inviter and refuses an unknown code before using the verification code', async () => {
    const demo = await login(t, 'demo@brisk.dev', 'brisk-demo');
    const { extension_code } = await t.ok<UserInfo>('/api/user/info', { token: demo });
    await t.ok('/api/sms_mail', { data: { user_string: 'dave@example.com', scene: 'register' } });
    const code = await latestCode(t, 'dave@example.com');
    const bad = await t.api('/api/user/register', { data: { user_string: 'dave@example.com', code, password: 'abcdef', re_password: 'abcdef', extension_code: 'ZZZZZZ' } });
    expect(bad.body).toMatchObject({ code: 'AUTH.INVITE_CODE_INVALID', field: 'extension_code' });
    await t.ok('/api/user/register', { data: { user_string: 'dave@example.com', code, password: 'abcdef', re_password: 'abcdef', extension_code: extension_code.toLowerCase() } });
    const row = await t.server.db.selectFrom('users').select(['inviter_id']).where('email', '=', 'dave@example.com').executeTakeFirstOrThrow();
    const demoRow = await t.server.db.selectFrom('users').select(['id']).where('email', '=', 'demo@brisk.dev').executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(demoRow.id);
  });

  it('stores no plain password, code or token', async () => {
    const user = await t.server.db.selectFrom('users').select('password_hash').where('email', '=', 'dave@example.com').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    const codes = await t.server.db.selectFrom('verification_codes').select('code_hash').execute();
    expect(codes.every((c) => /^[0-9a-f]{64}$/.test(c.code_hash))).toBe(true);
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(true);
  });
});
