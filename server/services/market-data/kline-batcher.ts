import type { Kline, KlineInterval } from '../../../contract/api/market.ts';
import type { Candle } from '../../domain/kline-candles.ts';
import type { KlineChange } from './symbol-market.ts';

export const KLINE_BATCH_MS = 250;

interface Pending {
  symbol: string;
  interval: KlineInterval;
  /** Candles that ended since the last message, oldest first (copies: candles mutate). */
  closed: Candle[];
}

export interface KlineBatcherDeps {
  /** False when nobody listens to the stream: its candles are then not even formatted. */
  wanted(symbol: string, interval: KlineInterval): boolean;
  current(symbol: string, interval: KlineInterval): Kline | null;
  format(symbol: string, candle: Candle): Kline;
  publish(symbol: string, interval: KlineInterval, kline: Kline): void;
}

/**
 * Coalesces candle updates per (symbol, interval): at most one round of messages per
 * KLINE_BATCH_MS. A candle that closed goes out first in its final form, then the current one.
 */
export class KlineBatcher {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: KlineBatcherDeps) {}

  changed(symbol: string, changes: readonly KlineChange[]): void {
    for (const change of changes) {
      const key = `${symbol}:${change.interval}`;
      const entry = this.pending.get(key) ?? { symbol, interval: change.interval, closed: [] };
      if (change.closed) entry.closed.push({ ...change.closed });
      this.pending.set(key, entry);
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), KLINE_BATCH_MS);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.timer = null;
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const { symbol, interval, closed } of entries) {
      if (!this.deps.wanted(symbol, interval)) continue;
      for (const candle of closed) this.deps.publish(symbol, interval, this.deps.format(symbol, candle));
      const current = this.deps.current(symbol, interval);
      if (current) this.deps.publish(symbol, interval, current);
    }
  }
}
