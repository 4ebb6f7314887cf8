/** Tap debounce of spec section 9: a submit handler runs at most once per 500 ms. */
export const TAP_DEBOUNCE_MS = 500;

/**
 * Wraps `fn` so that the first call runs at once (leading edge) and further calls within `waitMs`
 * of the last call that ran are dropped (they return undefined). Dropped calls do not extend the
 * window, so a user tapping steadily still gets one submit per window. `now` is injectable for
 * tests; performance.now() is monotonic, so changing the device clock cannot block or unblock.
 */
export function debounceTap<A extends unknown[], R>(
  fn: (...args: A) => R,
  waitMs: number = TAP_DEBOUNCE_MS,
  now: () => number = () => performance.now(),
): (...args: A) => R | undefined {
  let lastRun = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - lastRun < waitMs) return undefined;
    lastRun = t;
    return fn(...args);
  };
}
