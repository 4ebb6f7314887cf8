import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import type { Withdrawal } from '../../contract/api/wallet.ts';
import { get, loadKy, post, READ_TIMEOUT_MS, request, REDIRECT_DELAY_MS, REQUEST_TIMEOUT_MS } from './client.ts';
import { idempotent } from './idempotent.ts';
import { $token, $user } from '../stores/session.ts';
import { $toasts } from '../stores/toast.ts';
import { $lang } from '../stores/lang.ts';

type Call = { url: string; method: string; body: string; headers: Headers };
let calls: Call[] = [];

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      calls.push({ url: input.url, method: input.method, body: await input.clone().text(), headers: input.headers });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

// ky in before any test fakes the clock: fake time would run ahead of the real import.
beforeAll(() => loadKy());
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  calls = [];
  $toasts.set([]);
  $token.set('');
  $lang.set('en');
  location.hash = '#/pages/setting/userInfo';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request', () => {
  it('posts a form-encoded body with lang, sends the token, and resolves with the payload', async () => {
    $token.set('tok-123');
    $lang.set('jp');
    answer({ type: 'ok', message: { uid: 7 } });
    await expect(post('/user/editNickname', { nickname: 'Ann', signature: undefined })).resolves.toEqual({ uid: 7 });
    expect(calls[0]!.url).toBe(`${location.origin}/api/user/editNickname`);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('authorization')).toBe('tok-123');
    expect(calls[0]!.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(calls[0]!.body).get('nickname')).toBe('Ann');
    expect(new URLSearchParams(calls[0]!.body).get('lang')).toBe('jp');
    expect(new URLSearchParams(calls[0]!.body).has('skip')).toBe(false);
  });

  it('puts GET parameters in the query and leaves absolute URLs alone', async () => {
    answer({ code: 1, message: [1, 2] });
    await expect(request('https://rates.example/latest', { method: 'GET', data: { base: 'USD' } })).resolves.toEqual([1, 2]);
    expect(calls[0]!.url).toBe('https://rates.example/latest?base=USD&lang=en');
  });

  it('rejects an error envelope with its code and toasts its message', async () => {
    answer({ type: 'error', message: 'Login failed', code: 'AUTH.LOGIN_FAILED' });
    await expect(post('/user/login', { user_string: 'a@b.c', password: 'x' })).rejects.toMatchObject({ code: 'AUTH.LOGIN_FAILED', message: 'Login failed' });
    expect($toasts.get().map((t) => t.text)).toEqual(['Login failed']);
  });

  it('on 999 clears the session and goes to login after 1.2 s, remembering where the user was', async () => {
    vi.useFakeTimers();
    $token.set('old');
    $user.set({ uid: 1 } as never);
    answer({ type: 999, message: 'Please login first', code: 'AUTH.SESSION_EXPIRED' });
    await expect(get('/user/info')).rejects.toMatchObject({ code: 'AUTH.SESSION_EXPIRED' });
    expect($token.get()).toBe('');
    expect($user.get()).toBeNull();
    expect(location.hash).toBe('#/pages/setting/userInfo');
    vi.advanceTimersByTime(REDIRECT_DELAY_MS);
    expect(location.hash).toBe('#/pages/common/login?redirect=%2Fpages%2Fsetting%2FuserInfo');
  });

  it('on 998 goes to identity verification after 1.2 s and keeps the session', async () => {
    vi.useFakeTimers();
    $token.set('still-valid');
    answer({ type: 998, message: 'Verify first', code: 'AUTH.VERIFY_REQUIRED' });
    await expect(post('/wallet/out', { currency_id: 1, network_id: 1, pay_password: 'x' })).rejects.toMatchObject({ code: 'AUTH.VERIFY_REQUIRED' });
    vi.advanceTimersByTime(REDIRECT_DELAY_MS);
    expect(location.hash).toBe('#/pages/setting/real_mark');
    expect($token.get()).toBe('still-valid');
  });

  it('treats a non-200 status as a failure', async () => {
    answer({ type: 'error', message: 'Too many requests', code: 'COMMON.RATE_LIMITED' }, 429);
    await expect(get('/menu')).rejects.toMatchObject({ code: 'COMMON.RATE_LIMITED' });
  });

  it('refuses a write while offline without calling the network', async () => {
    answer({ type: 'ok', message: 'x' });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(post('/user/editNickname', { nickname: 'Ann' })).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(calls).toHaveLength(0);
    expect($toasts.get().map((t) => t.text)).toEqual(['You are offline. Connect to the network and try again.']);
    // A silent caller (a read sent as POST, shown in place) gets the refusal without a toast.
    $toasts.set([]);
    await expect(post('/wallet/exchange_quote', {}, { silent: true })).rejects.toMatchObject({ code: 'OFFLINE' });
    expect($toasts.get()).toEqual([]);
    online.mockRestore();
  });

  it('fails a read the network could not answer while offline as OFFLINE, without a toast: the screen says it in place', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(get('/menu')).rejects.toMatchObject({ code: 'OFFLINE', message: 'You are offline. This will load when you are back online.' });
    expect($toasts.get()).toEqual([]);
    online.mockRestore();
    // Online, the same failure is a network error, and says so.
    await expect(get('/menu')).rejects.toMatchObject({ code: 'NETWORK' });
    expect($toasts.get().map((t) => t.text)).toEqual(['Network error, please try again later']);
  });
  it('a write the network dropped on its way still says so (a toast): its outcome is unknown and nothing retries it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal('fetch', vi.fn(async () => {
      // The device goes offline while the order is on its way.
      online.mockReturnValue(false);
      throw new TypeError('Failed to fetch');
    }));
    await expect(post('/coin/trade', { symbol: 'BTC/USDT' })).rejects.toMatchObject({ code: 'NETWORK' });
    expect($toasts.get().map((t) => t.text)).toEqual(['Network error, please try again later']);
    online.mockRestore();
  });
});

/**
 * A server that never finishes: no headers at all, or headers and the first bytes of a body that
 * never ends. As a real fetch does, an abort of the request's signal ends either with its reason.
 */
function stall(part: 'headers' | 'body') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      calls.push({ url: input.url, method: input.method, body: await input.clone().text(), headers: input.headers });
      const { signal } = input;
      if (part === 'headers') return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"type":"ok","mess'));
          signal.addEventListener('abort', () => controller.error(signal.reason));
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    }),
  );
}

/** The call's outcome once it has one (undefined while it still hangs). */
function outcome<T>(call: Promise<T>): () => { value?: T; error?: unknown } | undefined {
  let result: { value?: T; error?: unknown } | undefined;
  call.then(
    (value) => (result = { value }),
    (error: unknown) => (result = { error }),
  );
  return () => result;
}

describe('a call that hangs', () => {
  beforeEach(() => vi.useFakeTimers());

  it('ends a read whose body stalls after the headers as a timeout', async () => {
    stall('body');
    const result = outcome(get('/menu'));
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    expect(result()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result()?.error).toMatchObject({ code: 'TIMEOUT', message: 'The request timed out. Please try again.' });
    expect($toasts.get().map((t) => t.text)).toEqual(['The request timed out. Please try again.']);
  });

  it('gives a read that sends no headers up after the read limit, not the write one', async () => {
    stall('headers');
    const result = outcome(get('/menu', undefined, { silent: true }));
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    expect(result()?.error).toMatchObject({ code: 'TIMEOUT' });
    expect($toasts.get()).toEqual([]);
  });

  it('ends a write whose body stalls as a timeout, and its retry reuses the idempotency key', async () => {
    stall('body');
    const send = idempotent<{ amount: string }, Withdrawal>((params) => post('/wallet/out', { currency_id: 1, network_id: 1, pay_password: 'x', ...params }));
    const first = outcome(send({ amount: '5' }));
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    // A write is given longer: a slow link may still be sending it.
    expect(first()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - READ_TIMEOUT_MS);
    expect(first()?.error).toMatchObject({ code: 'TIMEOUT' });
    answer({ type: 'ok', message: 'done' });
    await expect(send({ amount: '5' })).resolves.toBe('done');
    const keys = calls.map((c) => new URLSearchParams(c.body).get('idempotency_key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('ends a failure answer whose body stalls with its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const { signal } = input;
        const body = new ReadableStream<Uint8Array>({ start: (controller) => signal.addEventListener('abort', () => controller.error(signal.reason)) });
        return new Response(body, { status: 502 });
      }),
    );
    const result = outcome(get('/menu', undefined, { silent: true }));
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    expect(result()?.error).toMatchObject({ code: 'HTTP_502' });
  });

  it('leaves no timer behind once the answer has been read', async () => {
    answer({ type: 'ok', message: 1 });
    await expect(get('/menu')).resolves.toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still ends when the caller aborts, with the caller’s reason and no toast', async () => {
    stall('headers');
    const caller = new AbortController();
    const result = outcome(get('/market/search', { q: 'bt' }, { signal: caller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(result()?.error).toMatchObject({ name: 'AbortError' });
    expect($toasts.get()).toEqual([]);
  });
});

describe('loadKy', () => {
  afterEach(() => {
    vi.doUnmock('ky');
    vi.resetModules();
  });

  it('gives up on a ky chunk that does not arrive, and the next call asks for it again', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    vi.doMock('ky', async () => {
      await arrived;
      return vi.importActual('ky');
    });
    const { loadKy, KY_LOAD_MS } = await import('./client.ts');
    const first = outcome(loadKy());
    await vi.advanceTimersByTimeAsync(KY_LOAD_MS);
    expect(first()?.error).toBeInstanceOf(Error);
    arrive();
    await expect(loadKy()).resolves.toHaveProperty('default');
  });
});
