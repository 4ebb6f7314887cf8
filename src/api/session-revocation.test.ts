import { createHash } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { $token } from '../stores/session.ts';
import { TRY_AGAIN_FIRST_MS } from '../lib/try-again.ts';
import { loadKy } from './client.ts';
import { flushRevocations, REVOKE_MAX, revokeSession } from './session-revocation.ts';

type Call = { method: string; body: URLSearchParams; auth: string | null };
let calls: Call[] = [];
/** What the next calls get: an envelope, or a lost response. */
let reply: 'ok' | 'lost' | 'refused' = 'ok';

const sha = (token: string) => createHash('sha256').update(token).digest('hex');
const kept = (): string[] => JSON.parse(localStorage.getItem('revoke') ?? '[]') as string[];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => loadKy());
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  calls = [];
  reply = 'ok';
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      calls.push({ method: input.method, body: new URLSearchParams(await input.clone().text()), auth: input.headers.get('authorization') });
      if (reply === 'lost') throw new TypeError('Failed to fetch');
      const body = reply === 'ok' ? { type: 'ok', message: 'done' } : { type: 'error', code: 'COMMON.PARAM_INVALID', message: 'Invalid parameter', field: 'revoke' };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reply = 'ok';
  dispatchEvent(new Event('online'));
  await flushRevocations();
  $token.set('');
});

describe('revokeSession', () => {
  it("sends the token's hash, not the token, and without any session's token: the device may be signed in again", async () => {
    $token.set('the-new-session');
    await revokeSession('the-old-session');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body.get('revoke')).toBe(sha('the-old-session'));
    expect(calls[0]!.auth).toBeNull();
    expect(localStorage.getItem('revoke')).toBeNull();
  });

  it('keeps only the hash while the network loses the call, and sends it again after a wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    reply = 'lost';
    await revokeSession('t0k3n');
    expect(kept()).toEqual([sha('t0k3n')]);
    expect(JSON.stringify(localStorage)).not.toContain('t0k3n');

    reply = 'ok';
    await vi.advanceTimersByTimeAsync(TRY_AGAIN_FIRST_MS);
    await flushRevocations();
    expect(calls.map((call) => call.body.get('revoke'))).toEqual([sha('t0k3n'), sha('t0k3n')]);
    expect(localStorage.getItem('revoke')).toBeNull();
  });

  it('offline, sends nothing until the device says the network is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await revokeSession('first');
    await revokeSession('second');
    expect(calls).toEqual([]);
    expect(kept()).toEqual([sha('first'), sha('second')]);

    onLine.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await settle();
    await flushRevocations();
    expect(calls.map((call) => call.body.get('revoke'))).toEqual([sha('first'), sha('second')]);
    expect(localStorage.getItem('revoke')).toBeNull();
    onLine.mockRestore();
  });

  it('at the next start, sends what an earlier page kept; one flush at a time sends each once', async () => {
    localStorage.setItem('revoke', JSON.stringify([sha('a'), sha('b')]));
    await Promise.all([flushRevocations(), flushRevocations()]);
    expect(calls.map((call) => call.body.get('revoke'))).toEqual([sha('a'), sha('b')]);
    expect(localStorage.getItem('revoke')).toBeNull();
  });

  it('drops a hash the server refuses as malformed, and a stored list that is not one', async () => {
    reply = 'refused';
    localStorage.setItem('revoke', JSON.stringify(['nonsense']));
    await flushRevocations();
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('revoke')).toBeNull();

    localStorage.setItem('revoke', '{not json');
    await flushRevocations();
    expect(calls).toHaveLength(1);
  });

  it(`keeps the newest ${REVOKE_MAX} while none can be sent`, async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    for (let i = 0; i < REVOKE_MAX + 2; i++) await revokeSession(`token-${i}`);
    expect(kept()).toEqual(Array.from({ length: REVOKE_MAX }, (_, i) => sha(`token-${i + 2}`)));
    onLine.mockRestore();
  });

  it('without SubtleCrypto (a page on plain http), tries a plain logout with the token once and keeps nothing', async () => {
    vi.stubGlobal('crypto', {});
    reply = 'lost';
    await revokeSession('plain');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe('plain');
    expect(calls[0]!.body.has('revoke')).toBe(false);
    expect(localStorage.getItem('revoke')).toBeNull();
  });
});
