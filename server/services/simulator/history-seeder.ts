import type { KlineInterval } from '../../../contract/api/market.ts';
import { aggregateCandles, type Candle } from '../../domain/kline-candles.ts';
import { bucketStart, DAY_MS, HOUR_MS, KLINE_INTERVAL_MS, MINUTE_MS } from '../../domain/kline-intervals.ts';
import type { StoredCandle } from '../market-data/kline-store.ts';
import { priceAt, walkStep, type WalkRules } from './fair-price-walk.ts';
import type { SeededRandom } from '../../domain/seeded-random.ts';

/** What the seeder needs of a pair, in market-data units (prices 10^-12 quote per base unit). */
export interface SeedPair {
  symbol: string;
  /** The reference price: the walk's anchor. */
  anchor: bigint;
  /** One tick in price units; every seeded price is a whole number of ticks. */
  tick: bigint;
  baseDecimals: number;
  /** One lot in base minor units. */
  lotMinor: bigint;
  /** Typical traded value per minute, in whole quote units (BTC more than a small coin). */
  quotePerMinute: number;
}

interface Tier {
  interval: KlineInterval;
  walk: WalkRules;
}

/**
 * History, finest first: 1m candles for the last day, 15m for the week before, 4h for 90 days
 * before that, 1d for a year before that. Older tiers wander further from the reference price (a
 * year of a coin's chart is not a flat line); each interval's candles are then aggregated from the
 * tiers at least as fine as it.
 */
const TIERS: readonly Tier[] = [
  { interval: '1m', walk: { stepPpm: 542, pullPpm: 240, boundPpm: 45_000 } },
  { interval: '15m', walk: { stepPpm: 2100, pullPpm: 1800, boundPpm: 100_000 } },
  { interval: '4h', walk: { stepPpm: 8400, pullPpm: 4000, boundPpm: 250_000 } },
  { interval: '1d', walk: { stepPpm: 25_000, pullPpm: 20_000, boundPpm: 400_000 } },
];

/** Where each tier starts, going back from `endMs`: aligned so no coarser candle straddles two tiers badly. */
function tierStarts(endMs: number): number[] {
  const m1 = bucketStart('15m', endMs - DAY_MS);
  const m15 = bucketStart('4h', m1 - 7 * DAY_MS);
  const h4 = bucketStart('1d', m15 - 90 * DAY_MS);
  const d1 = h4 - 365 * DAY_MS;
  return [m1, m15, h4, d1];
}

const roundToTick = (price: bigint, tick: bigint): bigint => {
  const ticks = (price + tick / 2n) / tick;
  return (ticks < 1n ? 1n : ticks) * tick;
};

const abs = (n: number): number => (n < 0 ? -n : n);

/**
 * Deterministic history of one pair ending at `endMs` (a minute boundary) at the price
 * anchor x (1 + endDeviationPpm): a bounded random walk drawn backwards from today, so the chart
 * leads exactly to where live trading starts. Candles are marked simulated.
 */
export function seedHistory(pair: SeedPair, endMs: number, endDeviationPpm: number, random: SeededRandom): StoredCandle[] {
  const starts = tierStarts(endMs);
  const tierCandles: Candle[][] = [];
  let deviation = endDeviationPpm;
  let closeAfter = roundToTick(priceAt(pair.anchor, deviation), pair.tick);
  let tierEnd = endMs;
  for (const [i, tier] of TIERS.entries()) {
    const step = KLINE_INTERVAL_MS[tier.interval];
    const candles: Candle[] = [];
    for (let t = tierEnd - step; t >= (starts[i] as number); t -= step) {
      deviation = walkStep(deviation, tier.walk, random);
      const open = roundToTick(priceAt(pair.anchor, deviation), pair.tick);
      candles.push(candleBetween(pair, t, open, closeAfter, step, tier.walk.stepPpm, random));
      closeAfter = open;
    }
    tierCandles.push(candles.reverse());
    tierEnd = starts[i] as number;
  }
  // Oldest tier first, so each series below runs in time order.
  const series = (finest: number): Candle[] => tierCandles.slice(0, finest + 1).reverse().flat();
  const out: StoredCandle[] = [];
  const add = (interval: KlineInterval, candles: Candle[]) => {
    for (const candle of candles) out.push({ symbol: pair.symbol, period: interval, candle, simulated: true });
  };
  add('1m', series(0));
  add('5m', aggregateCandles(series(0), '5m'));
  for (const interval of ['15m', '30m', '1h'] as const) add(interval, aggregateCandles(series(1), interval));
  add('4h', aggregateCandles(series(2), '4h'));
  for (const interval of ['1d', '1w'] as const) add(interval, aggregateCandles(series(3), interval));
  return out;
}

function candleBetween(pair: SeedPair, t: number, open: bigint, close: bigint, stepMs: number, stepPpm: number, random: SeededRandom): Candle {
  const wick = (price: bigint) => (price * BigInt(abs(random.bell(Math.max(1, stepPpm / 3))))) / 1_000_000n;
  const top = open > close ? open : close;
  const bottom = open < close ? open : close;
  const high = roundToTick(top + wick(top), pair.tick);
  const low = roundToTick(bottom - wick(bottom), pair.tick);
  const minutes = Math.max(1, Math.round(stepMs / MINUTE_MS));
  // Traded value: the pair's pace, busier by day (UTC 12-20 h) and with noise.
  const hour = Math.floor((t % DAY_MS) / HOUR_MS);
  const pace = hour >= 12 && hour < 20 ? 130 : 85;
  const quote = BigInt(pair.quotePerMinute) * BigInt(minutes) * BigInt(pace * random.between(50, 150)) / 10_000n;
  const mid = (open + close) / 2n;
  const lots = (quote * 10n ** 12n * 10n ** BigInt(pair.baseDecimals)) / (mid * pair.lotMinor);
  const volume = (lots < 1n ? 1n : lots) * pair.lotMinor;
  return {
    t, open, high: high > top ? high : top, low: low < bottom && low > 0n ? low : bottom, close, volume,
    turnover: mid * volume, trades: Math.max(1, minutes * random.between(3, 30)),
  };
}
