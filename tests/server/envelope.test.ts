import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import type { UserInfo } from '../../contract/api/account.ts';
import { login } from './helpers/flows.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
let appDir = '';
beforeAll(async () => {
  appDir = mkdtempSync(join(tmpdir(), 'brisk-dist-'));
  mkdirSync(join(appDir, 'assets'), { recursive: true });
  writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>Brisk</title>');
  writeFileSync(join(appDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(appDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(appDir, 'assets', 'boot-def456.css'), 'body{margin:0}');
  // Built apart from the page, so not in its manifest: the app's policy must govern it.
  writeFileSync(join(appDir, 'assets', 'socket-worker-fed789.js'), 'self.onmessage = () => {};');
  mkdirSync(join(appDir, '.vite'));
  writeFileSync(join(appDir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-abc123.js', css: ['assets/boot-def456.css'] } }));
  mkdirSync(join(appDir, 'coins'));
  writeFileSync(join(appDir, 'coins', 'btc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestServer({ staticDir: appDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(appDir, { recursive: true, force: true });
});

describe('the envelope', () => {
  it('wraps success as {type: ok, message}', async () => {
    const answer = await t.api('/api/getSiteConfig', { method: 'GET' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: 'ok', message: { site_name: 'Brisk', site_logo: '/content/logo.svg', down_logo: '/content/logo.svg', version: '0.8.0', version_code: 80 } });
  });

  it('wraps business errors as HTTP 200 with a declared code, a text and the field', async () => {
    const answer = await t.api('/api/user/check_email', { data: { user_string: 'nope' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: 'error', code: 'VALID.EMAIL', field: 'user_string', message: 'Please enter a valid email address' });
    expect(ERROR_CODES).toContain((answer.body as { code: string }).code);
  });

  it('localises the text by lang in body, query or header, then Accept-Language, else English', async () => {
    const text = async (options: Parameters<TestServer['api']>[1]) => ((await t.api('/api/user/check_email', options)).body as { message: string }).message;
    const data = { user_string: 'nope' };
    expect(await text({ data })).toBe('Please enter a valid email address');
    expect(await text({ data, lang: 'zh' })).toBe('请输入正确的邮箱地址');
    expect(await text({ data, lang: 'hk' })).toBe('請輸入正確的電郵地址');
    expect(await text({ data, headers: { lang: 'trq' } })).toBe('Lütfen geçerli bir e-posta adresi girin');
    expect(await text({ data, headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' } })).toBe('正しいメールアドレスを入力してください');
    expect(await text({ data, headers: { 'accept-language': 'zh-TW' } })).toBe('請輸入正確的電郵地址');
    expect(await text({ data, headers: { 'accept-language': 'de-DE' } })).toBe('Please enter a valid email address');
    expect(await text({ data, lang: 'xx' })).toBe('Please enter a valid email address');
    expect(await text({ json: { ...data, lang: 'spa' } })).toBe('Introduce un correo electrónico válido');
  });

  it('answers 404 with an envelope for unknown routes, API or not', async () => {
    for (const path of ['/api/no/such/thing', '/no-such-page']) {
      const response = await fetch(t.url + path, { headers: { lang: 'kor' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ type: 'error', code: 'COMMON.NOT_FOUND', message: '찾을 수 없습니다' });
    }
    // A known path with a method it does not take is unknown too.
    expect((await fetch(`${t.url}/api/user/register`)).status).toBe(404);
  });

  it('answers 413 for a form body over 64 KiB, and bad JSON as bad input', async () => {
    const big = await fetch(`${t.url}/api/user/check_email`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user_string=' + 'a'.repeat(70 * 1024),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ type: 'error', code: 'COMMON.PAYLOAD_TOO_LARGE' });
    const broken = await fetch(`${t.url}/api/user/check_email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user_string":' });
    expect(broken.status).toBe(200);
    expect(await broken.json()).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID' });
  });
});

describe('protected calls', () => {
  const PROTECTED = ['/api/user/info', '/api/user/editNickname', '/api/user/uploadHeadPortrait', '/api/safe/update_password', '/api/safe/mobile', '/api/upload'];

  it('answer type 999 without a token, and with a bad one', async () => {
    for (const path of PROTECTED) {
      const none = await t.api(path, { lang: 'zh' });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ type: 999, code: 'AUTH.LOGIN_REQUIRED', message: '请先登录' });
      const bad = await t.api(path, { token: 'Bearer not-a-real-token' });
      expect(bad.body).toMatchObject({ type: 999, code: 'AUTH.SESSION_EXPIRED' });
    }
  });

  it('ignore fields they do not know (no mass assignment)', async () => {
    const token = await login(t, 'demo@brisk.dev', 'brisk-demo');
    const before = await t.ok<UserInfo>('/api/user/info', { token });
    await t.ok('/api/user/editNickname', {
      token,
      data: { nickname: 'Demo Two', uid: 1, email: 'x@evil.com', real_state: 2, avatar: '/uploads/x.png', extension_code: 'AAAAAA', password_hash: 'x' },
    });
    const after = await t.ok<UserInfo>('/api/user/info', { token });
    expect(after).toEqual({ ...before, nickname: 'Demo Two' });
    const polluting = await fetch(`${t.url}/api/user/editNickname`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: '{"nickname":"Demo","__proto__":{"admin":true}}',
    });
    // Prototype poisoning is refused as bad input, and changes nothing.
    expect(await polluting.json()).toMatchObject({ type: 'error', code: 'COMMON.PARAM_INVALID' });
    expect((await t.ok<UserInfo>('/api/user/info', { token })).nickname).toBe('Demo Two');
    // In a form, "__proto__" is only a field name nobody reads.
    const form = await fetch(`${t.url}/api/user/editNickname`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
      body: 'nickname=Demo&__proto__=x&constructor=y&hasOwnProperty=z',
    });
    expect(await form.json()).toEqual({ type: 'ok', message: 'ok' });
    expect((await t.ok<UserInfo>('/api/user/info', { token })).nickname).toBe('Demo');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('headers and static files', () => {
  it('sets security headers on every answer', async () => {
    const response = await fetch(`${t.url}/api/menu`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // A JSON answer loads and runs nothing, even opened as a page.
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    const failed = await fetch(`${t.url}/api/no-such-call`);
    expect(failed.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(failed.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives documents, worker scripts and unknown paths the app policy', async () => {
    for (const path of ['/', '/sw.js', '/assets/socket-worker-fed789.js', '/assets/missing.js']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status).toBe(path.includes('missing') ? 404 : 200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain(`ws://${new URL(t.url).host}`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it("sends the page's own scripts and stylesheets with nosniff and their caching alone", async () => {
    for (const path of ['/assets/index-abc123.js', '/assets/boot-def456.css']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toBe('accept-encoding');
      for (const name of ['content-security-policy', 'cross-origin-opener-policy', 'x-frame-options', 'etag', 'last-modified', 'x-ratelimit-remaining']) {
        expect(response.headers.get(name), `${path} ${name}`).toBeNull();
      }
    }
    // Query strings are not in the list: such a request keeps the app's policy.
    expect((await fetch(`${t.url}/assets/index-abc123.js?x=1`)).headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('gives images a policy that runs and loads nothing, and keeps their validators', async () => {
    const icon = await fetch(`${t.url}/coins/btc.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(icon.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(icon.headers.get('etag')).toBeTruthy();
  });

  it('serves the built app: shell and service worker revalidated, hashed assets immutable', async () => {
    const index = await fetch(`${t.url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>Brisk</title>');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${t.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
  });
});

describe('the global rate limit', () => {
  it('answers 429 with the localised envelope once an IP spends its budget', async () => {
    const limited = await startTestServer({ rateLimitPerMin: 3 });
    try {
      for (let i = 0; i < 3; i += 1) expect((await limited.api('/api/menu', { method: 'GET' })).status).toBe(200);
      const over = await limited.api('/api/menu', { method: 'GET', headers: { lang: 'fra' } });
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ type: 'error', code: 'COMMON.RATE_LIMITED', message: 'Trop de requêtes, veuillez réessayer plus tard' });
      expect(over.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
