import { KLINE_INTERVALS, type KlineInterval } from '../../contract/api/market.ts';

/**
 * Candle intervals and their UTC alignment. Every interval is a fixed number of milliseconds, so a
 * candle's open time is the trade time rounded down to a multiple of it, counted from an origin:
 * the Unix epoch for minutes, hours and days (UTC midnight), and Monday 1970-01-05 00:00 UTC for
 * weeks (the epoch was a Thursday, so weeks counted from it would start on Thursdays).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

export const KLINE_INTERVAL_MS: Readonly<Record<KlineInterval, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': HOUR_MS,
  '4h': 4 * HOUR_MS,
  '1d': DAY_MS,
  '1w': WEEK_MS,
};

/** The first Monday after the epoch, 00:00 UTC. */
export const WEEK_ORIGIN_MS = 4 * DAY_MS;

export function isKlineInterval(value: unknown): value is KlineInterval {
  return typeof value === 'string' && (KLINE_INTERVALS as readonly string[]).includes(value);
}

/** floor division that also rounds negative numbers down (times before the origin). */
const floorTo = (value: number, step: number): number => Math.floor(value / step) * step;

/** The open time of the candle of `interval` that contains `timeMs`. */
export function bucketStart(interval: KlineInterval, timeMs: number): number {
  if (interval === '1w') return WEEK_ORIGIN_MS + floorTo(timeMs - WEEK_ORIGIN_MS, WEEK_MS);
  return floorTo(timeMs, KLINE_INTERVAL_MS[interval]);
}

/** The minute bucket number (minutes since the epoch) of a time: the rolling 24 h window's unit. */
export const minuteOf = (timeMs: number): number => Math.floor(timeMs / MINUTE_MS);

export const MINUTES_PER_DAY = 1440;
export { MINUTE_MS, HOUR_MS, DAY_MS };
