import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRY_AGAIN_FIRST_MS, TRY_AGAIN_MAX_MS, TryAgain, importUntilLoaded } from './try-again.ts';

let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A loader that fails `failures` times, then answers `value`. */
function flaky<T>(failures: number, value: T) {
  const load = vi.fn(() => (load.mock.calls.length <= failures ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(value)));
  return load;
}

describe('importUntilLoaded', () => {
  it('tries again after doubling waits and resolves with the module once it loads', async () => {
    const load = flaky(2, { ok: 1 });
    const loaded = vi.fn();
    void importUntilLoaded(load).then(loaded);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TRY_AGAIN_FIRST_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    // The second wait is twice the first.
    await vi.advanceTimersByTimeAsync(2 * TRY_AGAIN_FIRST_MS - 1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(loaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    expect(loaded).toHaveBeenCalledWith({ ok: 1 });
    // Loaded: nothing more is tried.
    await vi.advanceTimersByTimeAsync(10 * TRY_AGAIN_MAX_MS);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('offline, waits for the network to come back rather than for a timer', async () => {
    online = false;
    const load = flaky(1, 'module');
    const loaded = vi.fn();
    void importUntilLoaded(load).then(loaded);
    await vi.advanceTimersByTimeAsync(10 * TRY_AGAIN_MAX_MS);
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(loaded).toHaveBeenCalledWith('module');
  });
});

describe('TryAgain', () => {
  it('runs at once when the network comes back, and only once for that failure', async () => {
    const again = new TryAgain();
    const retry = vi.fn();
    again.schedule(retry);
    dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TRY_AGAIN_MAX_MS);
    dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('stops doubling at the longest wait, and starts again from the first after reset', async () => {
    const again = new TryAgain();
    const retry = vi.fn();
    const waitOf = async () => {
      const before = retry.mock.calls.length;
      again.schedule(retry);
      let waited = 0;
      while (retry.mock.calls.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      return waited;
    };
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await waitOf());
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, TRY_AGAIN_MAX_MS, TRY_AGAIN_MAX_MS]);
    again.reset();
    expect(await waitOf()).toBe(TRY_AGAIN_FIRST_MS);
  });

  it('cancel drops the pending try', async () => {
    const again = new TryAgain();
    const retry = vi.fn();
    again.schedule(retry);
    again.cancel();
    await vi.advanceTimersByTimeAsync(TRY_AGAIN_MAX_MS);
    dispatchEvent(new Event('online'));
    expect(retry).not.toHaveBeenCalled();
  });

  it('a new schedule replaces the pending one', async () => {
    const again = new TryAgain();
    const first = vi.fn();
    const second = vi.fn();
    again.schedule(first);
    again.schedule(second);
    await vi.advanceTimersByTimeAsync(TRY_AGAIN_MAX_MS);
    dispatchEvent(new Event('online'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
