import { addTrade, candleOfTrade, type Candle, type TradePoint } from './kline-candles.ts';
import { MINUTE_MS, MINUTES_PER_DAY, minuteOf } from './kline-intervals.ts';

/** The rolling 24 h figures of one symbol, in the integers of kline-candles.ts. */
export interface DayStats {
  /** The price 24 h ago: the last trade before the window, else the window's first trade. */
  open: bigint;
  high: bigint;
  low: bigint;
  last: bigint;
  volume: bigint;
  turnover: bigint;
  trades: number;
}

/**
 * Rolling 24 h statistics over per-minute buckets: the window is the current minute and the 1,439
 * before it. A trade updates its bucket and the running high, low and sums in O(1); a minute
 * leaving the window is subtracted from the sums, and only when it held the high or the low are the
 * (at most 1,440) buckets scanned again, so the cost stays flat however many trades there are.
 * Time is passed in; nothing here reads a clock.
 */
export class RollingDay {
  /** Minute candles inside the window, oldest first. */
  private readonly buckets: Candle[] = [];
  /** Close of the latest minute that left the window: the price 24 h ago. */
  private before: bigint | null = null;
  private last: bigint | null = null;
  private high: bigint | null = null;
  private low: bigint | null = null;
  private volume = 0n;
  private turnover = 0n;
  private trades = 0;
  private rescan = false;

  /** Loads persisted minute candles (oldest first) and the close before them, replacing any state. */
  restore(minutes: readonly Candle[], before: bigint | null): void {
    this.buckets.length = 0;
    for (const m of minutes) this.buckets.push({ ...m, t: minuteOf(m.t) * MINUTE_MS });
    this.before = before;
    this.last = minutes.at(-1)?.close ?? before;
    this.rescan = true;
    this.recount();
  }

  /** Adds a trade; `last` follows arrival (commit) order even when a late trade lands in an older minute. */
  add(trade: TradePoint): void {
    const t = minuteOf(trade.timeMs) * MINUTE_MS;
    this.last = trade.price;
    let index = this.buckets.length - 1;
    while (index >= 0 && (this.buckets[index] as Candle).t > t) index -= 1;
    const bucket = index >= 0 ? this.buckets[index] : undefined;
    if (bucket && bucket.t === t) addTrade(bucket, trade);
    else this.buckets.splice(index + 1, 0, candleOfTrade(t, trade));
    this.high = this.high === null || trade.price > this.high ? trade.price : this.high;
    this.low = this.low === null || trade.price < this.low ? trade.price : this.low;
    this.volume += trade.amount;
    this.turnover += trade.price * trade.amount;
    this.trades += 1;
  }

  /** The figures as of `nowMs`, or null when the symbol never traded. */
  stats(nowMs: number): DayStats | null {
    this.expire(nowMs);
    if (this.last === null) return null;
    const first = this.buckets[0];
    const open = this.before ?? first?.open ?? this.last;
    if (!first) return { open, high: this.last, low: this.last, last: this.last, volume: 0n, turnover: 0n, trades: 0 };
    return {
      open,
      high: this.high ?? this.last,
      low: this.low ?? this.last,
      last: this.last,
      volume: this.volume,
      turnover: this.turnover,
      trades: this.trades,
    };
  }

  /** Drops the minutes that left the window by `nowMs`. */
  private expire(nowMs: number): void {
    const windowStart = (minuteOf(nowMs) - (MINUTES_PER_DAY - 1)) * MINUTE_MS;
    while (this.buckets.length > 0 && (this.buckets[0] as Candle).t < windowStart) {
      const gone = this.buckets.shift() as Candle;
      this.before = gone.close;
      this.volume -= gone.volume;
      this.turnover -= gone.turnover;
      this.trades -= gone.trades;
      if (gone.high === this.high || gone.low === this.low) this.rescan = true;
    }
    if (this.rescan) this.recount();
  }

  private recount(): void {
    this.high = null;
    this.low = null;
    this.volume = 0n;
    this.turnover = 0n;
    this.trades = 0;
    for (const b of this.buckets) {
      if (this.high === null || b.high > this.high) this.high = b.high;
      if (this.low === null || b.low < this.low) this.low = b.low;
      this.volume += b.volume;
      this.turnover += b.turnover;
      this.trades += b.trades;
    }
    this.rescan = false;
  }
}
