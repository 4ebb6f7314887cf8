import { KLINE_INTERVALS, type KlineInterval } from '../../../contract/api/market.ts';
import { applyToCurrent, type Candle, type TradePoint } from '../../domain/kline-candles.ts';
import { RollingDay } from '../../domain/ticker-window.ts';
import type { SymbolScale } from './market-data-format.ts';
import type { StoredCandle } from './kline-store.ts';

/** What one trade did to one interval: the candle now being built, and the one it closed, if any. */
export interface KlineChange {
  interval: KlineInterval;
  candle: Candle;
  closed: Candle | null;
}

const copy = (c: Candle): Candle => ({ ...c });

/**
 * The live market data of one symbol in memory: the candle being built in every interval, the
 * rolling 24 h window, and the candles changed since they were last written to the database.
 */
export class SymbolMarket {
  readonly day = new RollingDay();
  private readonly current = new Map<KlineInterval, Candle>();
  private dirty = new Map<string, StoredCandle>();
  private flushing: StoredCandle[] = [];
  private lastTimeMs = 0;
  private last: bigint | null = null;

  constructor(readonly scale: SymbolScale) {}

  get symbol(): string {
    return this.scale.info.symbol;
  }

  /** State read back from the database after a start. */
  restore(latest: ReadonlyMap<KlineInterval, Candle>, minutes: readonly Candle[], before: bigint | null): void {
    for (const [interval, candle] of latest) {
      this.current.set(interval, copy(candle));
      this.lastTimeMs = Math.max(this.lastTimeMs, candle.t);
    }
    this.day.restore(minutes, before);
    this.last = latest.get('1m')?.close ?? minutes.at(-1)?.close ?? before;
  }

  /**
   * Folds a trade in. Times are made non-decreasing (a trade committed later never lands in an
   * earlier candle, even if its clock reading was a millisecond behind the previous one).
   */
  apply(trade: TradePoint): KlineChange[] {
    const timeMs = Math.max(trade.timeMs, this.lastTimeMs);
    this.lastTimeMs = timeMs;
    this.last = trade.price;
    const point = { ...trade, timeMs };
    this.day.add(point);
    return KLINE_INTERVALS.map((interval) => {
      const { candle, closed } = applyToCurrent(this.current.get(interval) ?? null, interval, point);
      this.current.set(interval, candle);
      if (closed) this.markDirty(interval, closed);
      this.markDirty(interval, candle);
      return { interval, candle, closed };
    });
  }

  /** The candle being built in an interval (it may be from an earlier bucket when nothing traded since). */
  candle(interval: KlineInterval): Candle | undefined {
    return this.current.get(interval);
  }

  lastPrice(): bigint | null {
    return this.last;
  }

  /**
   * Copies of the candles changed since the last call, for writing. They stay visible to `pending`
   * until `settle` says whether the write succeeded (a failed write puts them back as dirty).
   */
  takeDirty(): StoredCandle[] {
    this.flushing = [...this.dirty.values()].map((s) => ({ ...s, candle: copy(s.candle) }));
    this.dirty = new Map();
    return this.flushing;
  }

  settle(written: boolean): void {
    if (!written) {
      for (const s of this.flushing) {
        const key = `${s.period}:${s.candle.t}`;
        if (!this.dirty.has(key)) this.dirty.set(key, s);
      }
    }
    this.flushing = [];
  }

  /** Candles of an interval that the database may not have yet (being written or not written), oldest first. */
  pending(interval: KlineInterval): Candle[] {
    const byTime = new Map<number, Candle>();
    for (const s of this.flushing) if (s.period === interval) byTime.set(s.candle.t, s.candle);
    for (const s of this.dirty.values()) if (s.period === interval) byTime.set(s.candle.t, s.candle);
    const current = this.current.get(interval);
    if (current) byTime.set(current.t, current);
    return [...byTime.values()].sort((a, b) => a.t - b.t);
  }

  private markDirty(interval: KlineInterval, candle: Candle): void {
    this.dirty.set(`${interval}:${candle.t}`, { symbol: this.symbol, period: interval, candle });
  }
}
