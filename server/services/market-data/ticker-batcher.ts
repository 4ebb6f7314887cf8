import type { TickerUpdate } from '../../../contract/socket-events.ts';
import type { TickerFigures } from './market-data-format.ts';

export const TICKER_BATCH_MS = 250;
/** Idle symbols' figures still move as old minutes leave the 24 h window: all are compared this often. */
const TICKER_SWEEP_MS = 60_000;

export interface TickerBatcherDeps {
  tickers(symbols: readonly string[]): TickerFigures[];
  allSymbols(): string[];
  publish(tickers: TickerUpdate[]): void;
  nowMs(): number;
  /**
   * False while the previous batch is still being written to the room's sockets, and `resume` is
   * called once it is: the batch then waits and carries every pair changed meanwhile (coalesced at
   * the source, so every socket still gets every seq). Absent: always ready.
   */
  ready?(resume: () => void): boolean;
}

const wire = (t: TickerFigures): TickerUpdate => ({
  symbol: t.symbol, last: t.last, change_pct: t.change_pct, high_24h: t.high_24h, low_24h: t.low_24h,
  volume_24h: t.volume_24h, quote_volume_24h: t.quote_volume_24h,
});

const sameTicker = (a: TickerUpdate, b: TickerUpdate): boolean =>
  a.last === b.last && a.change_pct === b.change_pct && a.high_24h === b.high_24h && a.low_24h === b.low_24h &&
  a.volume_24h === b.volume_24h && a.quote_volume_24h === b.quote_volume_24h;

/**
 * Coalesces ticker changes: at most one batch per TICKER_BATCH_MS, carrying only the symbols whose
 * figures differ from what was last sent. The first change after a quiet spell waits out the rest
 * of the 250 ms since the previous batch (or goes at once), so bursts cost one message. A batch due
 * while the previous one is still being written waits for it (`ready`), so a slow fan-out lowers
 * the batch rate instead of queueing batches.
 */
export class TickerBatcher {
  private readonly dirty = new Set<string>();
  private readonly sent = new Map<string, TickerUpdate>();
  private timer: NodeJS.Timeout | null = null;
  /** Waiting for the previous batch's writes (deps.ready) to finish. */
  private held = false;
  private sweeper: NodeJS.Timeout | null = null;
  private lastBatchMs = -Infinity;
  private stopped = false;

  constructor(private readonly deps: TickerBatcherDeps) {}

  start(): void {
    this.stopped = false;
    for (const t of this.deps.tickers(this.deps.allSymbols())) this.sent.set(t.symbol, wire(t));
    this.sweeper = setInterval(() => this.markAll(), TICKER_SWEEP_MS);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.timer = null;
    this.held = false;
    this.stopped = true;
    this.sweeper = null;
  }

  changed(symbol: string): void {
    this.dirty.add(symbol);
    if (this.timer || this.held) return;
    const wait = Math.max(0, this.lastBatchMs + TICKER_BATCH_MS - this.deps.nowMs());
    this.timer = setTimeout(() => this.flush(), wait);
    this.timer.unref();
  }

  /** The figures as last sent (what a snapshot must match). */
  lastSent(): TickerUpdate[] {
    return [...this.sent.values()];
  }

  private resume(): void {
    if (!this.held || this.stopped) return;
    this.held = false;
    this.flush();
  }

  private markAll(): void {
    for (const symbol of this.deps.allSymbols()) this.changed(symbol);
  }

  private flush(): void {
    this.timer = null;
    if (this.deps.ready && !this.deps.ready(() => this.resume())) {
      this.held = true;
      return;
    }
    this.lastBatchMs = this.deps.nowMs();
    const symbols = [...this.dirty];
    this.dirty.clear();
    const changed: TickerUpdate[] = [];
    for (const figures of this.deps.tickers(symbols)) {
      const t = wire(figures);
      const before = this.sent.get(t.symbol);
      if (before && sameTicker(before, t)) continue;
      this.sent.set(t.symbol, t);
      changed.push(t);
    }
    if (changed.length > 0) this.deps.publish(changed);
  }
}
