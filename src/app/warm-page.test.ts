import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const reads = new Map<string, ReturnType<typeof deferred<unknown>>>();
const page = deferred<unknown>();
const loadKy = vi.fn(() => new Promise(() => undefined));

vi.mock('../api/early.ts', () => ({
  getEarly: (path: string, params: Record<string, unknown>) => {
    const read = deferred<unknown>();
    reads.set(`${path}?${JSON.stringify(params)}`, read);
    return read.promise;
  },
}));
vi.mock('../api/client.ts', () => ({ loadKy }));
vi.mock('./page-loaders.ts', () => ({
  // Every screen exists but the finance tab, still the under-development placeholder.
  PAGE_LOADERS: new Proxy({}, { get: (_, path) => (path === '/pages/financial/index' ? undefined : () => page.promise) }),
  underDevelopment: () => page.promise,
}));

const { FIRST_SCREEN_WAIT_MS, firstScreenSettled, warmCurrentPage } = await import('./warm-page.ts');
const { $token } = await import('../stores/session.ts');

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return done;
}

beforeEach(() => {
  reads.clear();
  loadKy.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('warmCurrentPage', () => {
  it('settles the first screen only once its chunk and every early read are in', async () => {
    location.hash = '#/pages/market/market';
    warmCurrentPage();
    const first = firstScreenSettled();
    expect(reads.size).toBe(1);
    expect(await settled(first)).toBe(false);
    page.resolve({});
    expect(await settled(first)).toBe(false);
    for (const read of reads.values()) read.resolve(undefined);
    expect(await settled(first)).toBe(true);
  });

  it('leaves the API client for a screen that reads early, and loads it beside the chunk of one that does not', () => {
    location.hash = '#/pages/market/market';
    warmCurrentPage();
    expect(loadKy).not.toHaveBeenCalled();
    reads.clear();
    location.hash = '#/pages/common/faq';
    warmCurrentPage();
    expect(loadKy).toHaveBeenCalledTimes(1);
    expect(reads.size).toBe(0);
    // A tab whose screen is still the under-development placeholder reads nothing.
    location.hash = '#/pages/financial/index';
    warmCurrentPage();
    expect(loadKy).toHaveBeenCalledTimes(1);
  });

  it("reads the user's own data early only with a session", () => {
    location.hash = '#/pages/fund/assets';
    $token.set('');
    warmCurrentPage();
    expect([...reads.keys()]).toEqual([]);
    $token.set('tok-1');
    warmCurrentPage();
    expect([...reads.keys()]).toEqual(['/wallet/list?{}']);
    $token.set('');
  });

  it('stops waiting for a read that hangs after FIRST_SCREEN_WAIT_MS', async () => {
    vi.useFakeTimers();
    location.hash = '#/pages/transaction/currency';
    warmCurrentPage();
    const first = firstScreenSettled();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    expect(await settled(first)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(first)).toBe(true);
  });
});
