import { describe, expect, it, vi } from 'vitest';
import { TAP_DEBOUNCE_MS, debounceTap } from './debounce-tap.ts';

function clock() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('debounceTap', () => {
  it('runs the first tap at once and drops taps within 500 ms of it', () => {
    const c = clock();
    const fn = vi.fn((x: number) => x * 2);
    const tap = debounceTap(fn, TAP_DEBOUNCE_MS, c.now);
    expect(tap(1)).toBe(2);
    c.advance(1);
    expect(tap(2)).toBeUndefined();
    c.advance(498);
    expect(tap(3)).toBeUndefined();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(1);
  });

  it('runs again once 500 ms have passed since the last run, even while tapping steadily', () => {
    const c = clock();
    const fn = vi.fn();
    const tap = debounceTap(fn, 500, c.now);
    for (let i = 0; i < 11; i++) {
      tap();
      c.advance(100); // taps at 0, 100, ..., 1000 ms
    }
    // Dropped taps do not extend the window: runs at 0, 500 and 1000 ms.
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('defaults to 500 ms', () => {
    expect(TAP_DEBOUNCE_MS).toBe(500);
    const c = clock();
    const fn = vi.fn();
    const tap = debounceTap(fn, undefined, c.now);
    tap();
    c.advance(499);
    tap();
    c.advance(1);
    tap();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('keeps separate windows for separate wrappers', () => {
    const c = clock();
    const a = vi.fn();
    const b = vi.fn();
    debounceTap(a, 500, c.now)();
    debounceTap(b, 500, c.now)();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('uses the real clock by default', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const fn = vi.fn();
      const tap = debounceTap(fn);
      tap();
      tap();
      vi.advanceTimersByTime(500);
      tap();
      expect(fn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
