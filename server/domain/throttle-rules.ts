/** At most `limit` events in any trailing window of `windowMs`. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The longest window of a rule set: older events never matter and can be pruned. */
export const longestWindowMs = (rules: readonly ThrottleRule[]): number => Math.max(...rules.map((r) => r.windowMs));

/**
 * Whether one more event is allowed now, given past event times (any order). When refused, says
 * how long until the oldest event that matters leaves its window.
 */
export function evaluateThrottle(rules: readonly ThrottleRule[], eventTimesMs: readonly number[], nowMs: number): ThrottleVerdict {
  const sorted = [...eventTimesMs].sort((a, b) => b - a);
  let retryAfterMs = 0;
  for (const rule of rules) {
    const inWindow = sorted.filter((t) => t > nowMs - rule.windowMs);
    if (inWindow.length >= rule.limit) {
      // The limit-th newest event must age out before another fits.
      const blocker = inWindow[rule.limit - 1] ?? nowMs;
      retryAfterMs = Math.max(retryAfterMs, blocker + rule.windowMs - nowMs);
    }
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
}
