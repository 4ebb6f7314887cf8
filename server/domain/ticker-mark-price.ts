/**
 * The mark price futures and options value positions at (issue 5): a smoothed, manipulation-resistant
 * price per symbol, in the integers of kline-candles.ts (quote minor units per base unit).
 *
 * 1. Input: the median of the last trade price, the best bid and the best ask. With both sides of
 *    the book present this is the last price clamped into the spread, so one trade far outside the
 *    book cannot move it; with no trade yet it is the mid. With one side, the last trade bounded by
 *    it (nobody need pay more than the best ask, nor sell for less than the best bid). With an empty
 *    book, nothing: the mark holds, since a trade two accounts make with each other there is no price
 *    anyone else could deal at (the wallet's valuation reads this mark, the house exchange it and the book).
 * 2. Smoothing: an exponential moving average in time with a ~10 s time constant, in integers:
 *    mark += (input - mark) * min(dt, T) / T, the step's magnitude rounded up so the mark always
 *    reaches a steady input and never overshoots it (dt <= T keeps the step within the distance).
 */

export const MARK_SMOOTHING_MS = 10_000;

export interface MarkState {
  price: bigint;
  timeMs: number;
}

const median3 = (a: bigint, b: bigint, c: bigint): bigint => {
  const [, middle] = [a, b, c].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return middle as bigint;
};

/** The unsmoothed input of the mark price, or null when the book gives none (the mark holds). */
export function markInput(last: bigint | null, bestBid: bigint | null, bestAsk: bigint | null): bigint | null {
  if (bestBid !== null && bestAsk !== null && bestBid <= bestAsk) return median3(last ?? (bestBid + bestAsk) / 2n, bestBid, bestAsk);
  if (last === null) return null;
  if (bestAsk !== null && bestBid === null) return last < bestAsk ? last : bestAsk;
  if (bestBid !== null && bestAsk === null) return last > bestBid ? last : bestBid;
  return null;
}

/** One smoothing step from the previous mark towards `input` at `nowMs`. */
export function nextMark(previous: MarkState | null, input: bigint, nowMs: number, smoothingMs = MARK_SMOOTHING_MS): MarkState {
  if (!previous) return { price: input, timeMs: nowMs };
  const dt = BigInt(Math.min(Math.max(nowMs - previous.timeMs, 0), smoothingMs));
  const distance = input - previous.price;
  const magnitude = distance < 0n ? -distance : distance;
  const T = BigInt(smoothingMs);
  const step = (magnitude * dt + T - 1n) / T;
  return { price: previous.price + (distance < 0n ? -step : step), timeMs: nowMs };
}
