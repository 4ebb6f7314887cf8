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
vi.mock('./route-manifests.ts', async (importOriginal) => {
  // The real manifests, each screen's module one the test settles.
  const real = await importOriginal<typeof import('./route-manifests.ts')>();
  const screen = { load: () => page.promise as Promise<object>, name: 'Page' };
  return { ROUTE_MANIFESTS: real.ROUTE_MANIFESTS.map((manifest) => manifest.map((route) => (route.screen ? { ...route, screen } : route))), UNDER_DEVELOPMENT: screen };
});

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
    await vi.waitFor(() => expect(reads.size).toBe(1));
    expect(await settled(first)).toBe(false);
    page.resolve({});
    expect(await settled(first)).toBe(false);
    for (const read of reads.values()) read.resolve(undefined);
    expect(await settled(first)).toBe(true);
  });

  it('leaves the API client for a screen that reads early, and loads it beside the chunk of one that does not', async () => {
    location.hash = '#/pages/market/market';
    warmCurrentPage();
    await vi.waitFor(() => expect(reads.size).toBe(1));
    expect(loadKy).not.toHaveBeenCalled();
    reads.clear();
    location.hash = '#/pages/common/faq';
    warmCurrentPage();
    await vi.waitFor(() => expect(loadKy).toHaveBeenCalledTimes(1));
    expect(reads.size).toBe(0);
    // A route whose screen is still the under-development placeholder reads nothing.
    location.hash = '#/pages/nft/nft';
    warmCurrentPage();
    await firstScreenSettled();
    expect(loadKy).toHaveBeenCalledTimes(1);
  });

  it('starts the home tab\'s reads at once, from the boot chunk', () => {
    location.hash = '#/';
    warmCurrentPage();
    expect(reads.size).toBe(2);
  });

  it("reads the user's own data early only with a session", async () => {
    location.hash = '#/pages/fund/assets';
    $token.set('');
    warmCurrentPage();
    page.resolve({});
    await firstScreenSettled();
    expect([...reads.keys()]).toEqual([]);
    $token.set('tok-1');
    warmCurrentPage();
    await vi.waitFor(() => expect([...reads.keys()]).toEqual(['/wallet/list?{}']));
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
