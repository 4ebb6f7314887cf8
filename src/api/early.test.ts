import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_MS, getEarly, peekEarly, takeEarly } from './early.ts';
import { earlyUrl } from './early-reads.ts';
import { $lang } from '../stores/lang.ts';

const PARAMS = { c_id: 5, page: 1, limit: 5 };
const url = () => earlyUrl(location.origin + location.pathname, { path: '/news/list', params: PARAMS }, 'en');
const envelope = (data: unknown) => new Response(JSON.stringify({ type: 'ok', code: 1, message: data }), { headers: { date: 'Wed, 25 Nov 2026 18:00:00 GMT' } });

/** A response index.html's preloader "started", answered when the test says so. */
function started(): (response: Response) => void {
  let answer!: (response: Response) => void;
  window.__briskEarly = { [url()]: new Promise<Response>((resolve) => (answer = resolve)) };
  return answer;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  $lang.set('en');
  vi.stubGlobal('fetch', vi.fn(async () => envelope({ from: 'network' })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.__briskEarly = undefined;
});

describe('peekEarly', () => {
  it('has nothing while the early answer is on its way, and leaves it to the first call', async () => {
    const answer = started();
    void getEarly('/news/list', PARAMS);
    expect(peekEarly('/news/list', PARAMS)).toBeUndefined();
    answer(envelope({ from: 'early' }));
    const call = vi.fn(async () => ({ data: { from: 'call' }, asOf: 0 }));
    await expect(takeEarly('/news/list', PARAMS, call)).resolves.toMatchObject({ data: { from: 'early' } });
    expect(call).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('hands over an answer that has arrived, with its time, once', async () => {
    const answer = started();
    void getEarly('/news/list', PARAMS);
    answer(envelope({ from: 'early' }));
    await settle();
    expect(peekEarly('/news/list', PARAMS)).toEqual({ data: { from: 'early' }, asOf: Date.parse('Wed, 25 Nov 2026 18:00:00 GMT') });
    expect(peekEarly('/news/list', PARAMS)).toBeUndefined();
    // Taken: a later call asks again the normal way.
    const call = vi.fn(async () => ({ data: { from: 'call' }, asOf: 0 }));
    await expect(takeEarly('/news/list', PARAMS, call)).resolves.toMatchObject({ data: { from: 'call' } });
  });

  it('does not hand over an answer that was not a clean ok', async () => {
    const answer = started();
    void getEarly('/news/list', PARAMS);
    answer(new Response(JSON.stringify({ type: 'error', code: 0, message: 'no' })));
    await settle();
    expect(peekEarly('/news/list', PARAMS)).toBeUndefined();
  });

  it('does not hand over an answer for other parameters or another language', async () => {
    const answer = started();
    void getEarly('/news/list', PARAMS);
    answer(envelope({ from: 'early' }));
    await settle();
    expect(peekEarly('/news/list', { ...PARAMS, page: 2 })).toBeUndefined();
    $lang.set('fra');
    expect(peekEarly('/news/list', PARAMS)).toBeUndefined();
  });
});

describe('an early read that hangs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds the first call only until it is no longer young, which then asks the normal way', async () => {
    started(); // index.html's fetch, never answered
    void getEarly('/news/list', PARAMS);
    await vi.advanceTimersByTimeAsync(3000);
    const call = vi.fn(async () => ({ data: { from: 'call' }, asOf: 0 }));
    let served: unknown;
    void takeEarly('/news/list', PARAMS, call).then((value) => (served = value));
    await vi.advanceTimersByTimeAsync(EARLY_MS - 3000 - 1);
    expect(call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(served).toMatchObject({ data: { from: 'call' } });
  });

  it('gives up its own fetch after the same time', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal?.reason)));
      }),
    );
    let done = false;
    void getEarly('/news/list', PARAMS).then((value) => {
      expect(value).toBeUndefined();
      done = true;
    });
    await vi.advanceTimersByTimeAsync(EARLY_MS);
    expect(signal?.aborted).toBe(true);
    expect(done).toBe(true);
  });

  it('leaves no timer behind once its answer is in', async () => {
    await expect(getEarly('/news/list', PARAMS)).resolves.toMatchObject({ data: { from: 'network' } });
    const call = vi.fn(async () => ({ data: { from: 'call' }, asOf: 0 }));
    await expect(takeEarly('/news/list', PARAMS, call)).resolves.toMatchObject({ data: { from: 'network' } });
    expect(vi.getTimerCount()).toBe(0);
  });
});
