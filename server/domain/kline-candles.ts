import type { KlineInterval } from '../../contract/api/market.ts';
import { bucketStart, KLINE_INTERVAL_MS } from './kline-intervals.ts';

/**
 * One candle in integers, at scales the caller chooses and keeps: prices in some fixed price unit
 * (market data uses 10^-12 quote per base unit), `volume` in base minor units, and `turnover` the
 * exact sum of price x amount over the candle's trades in the product of those units, so no
 * trade's value is ever rounded.
 */
export interface Candle {
  /** Open time, epoch ms, aligned to the interval. */
  t: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  turnover: bigint;
  trades: number;
}

export interface TradePoint {
  timeMs: number;
  price: bigint;
  amount: bigint;
}

export const candleOfTrade = (t: number, trade: TradePoint): Candle => ({
  t,
  open: trade.price,
  high: trade.price,
  low: trade.price,
  close: trade.price,
  volume: trade.amount,
  turnover: trade.price * trade.amount,
  trades: 1,
});

/** Adds a trade to its candle (mutates: candles are hot and private to their owner). */
export function addTrade(candle: Candle, trade: TradePoint): void {
  if (trade.price > candle.high) candle.high = trade.price;
  if (trade.price < candle.low) candle.low = trade.price;
  candle.close = trade.price;
  candle.volume += trade.amount;
  candle.turnover += trade.price * trade.amount;
  candle.trades += 1;
}

/**
 * Applies a trade to the current candle of an interval: the same candle when the trade falls in
 * its bucket, otherwise a new one (the caller keeps the old one as closed). Trades are applied in
 * commit order with non-decreasing times, so a trade never belongs to an earlier bucket.
 */
export function applyToCurrent(current: Candle | null, interval: KlineInterval, trade: TradePoint): { candle: Candle; closed: Candle | null } {
  const t = bucketStart(interval, trade.timeMs);
  if (current && current.t === t) {
    addTrade(current, trade);
    return { candle: current, closed: null };
  }
  return { candle: candleOfTrade(t, trade), closed: current };
}

/** Candles of a finer interval folded into `interval` (input oldest first; output oldest first). */
export function aggregateCandles(candles: readonly Candle[], interval: KlineInterval): Candle[] {
  const out: Candle[] = [];
  for (const c of candles) {
    const t = bucketStart(interval, c.t);
    const last = out.at(-1);
    if (last && last.t === t) {
      if (c.high > last.high) last.high = c.high;
      if (c.low < last.low) last.low = c.low;
      last.close = c.close;
      last.volume += c.volume;
      last.turnover += c.turnover;
      last.trades += c.trades;
    } else {
      out.push({ ...c, t });
    }
  }
  return out;
}

/**
 * The last `limit` candles up to the bucket containing `nowMs`, with the buckets nobody traded in
 * filled by flat candles at the previous close (volume 0), as charts expect a continuous series.
 * `candles` are oldest first and may include one candle before the range (it seeds the first
 * close); buckets before the first known candle stay empty.
 */
export function continuousCandles(candles: readonly Candle[], interval: KlineInterval, nowMs: number, limit: number): Candle[] {
  const step = KLINE_INTERVAL_MS[interval];
  const last = bucketStart(interval, nowMs);
  const first = last - (limit - 1) * step;
  const out: Candle[] = [];
  let previous: Candle | null = null;
  let index = 0;
  for (let t = first; t <= last; t += step) {
    for (; index < candles.length && (candles[index] as Candle).t < t; index += 1) previous = candles[index] as Candle;
    const candle = candles[index];
    if (candle && candle.t === t) {
      out.push(candle);
      previous = candle;
      index += 1;
    } else if (previous) {
      const p = previous.close;
      out.push({ t, open: p, high: p, low: p, close: p, volume: 0n, turnover: 0n, trades: 0 });
    }
  }
  return out;
}
