import type { TickerUpdate } from '../../contract/socket-events.ts';

export type FrameScheduler = (callback: () => void) => unknown;

export interface QuoteSink {
  /** Many quotes, one notification. */
  batch(updates: Iterable<TickerUpdate>, seq: number): void;
  /** One quote, one notification (the naive mode). */
  one(update: TickerUpdate, seq: number): void;
}

/**
 * Coalesces ticker updates and hands them to the UI once per animation frame: the newest quote of
 * each symbol wins, so a flood of thousands of updates a second costs one store write and one
 * render of each changed row per frame. With `perMessage` (the benchmark's baseline) every update is
 * written as it arrives instead. While the tab is hidden no frame runs; the socket worker then sends
 * nothing either (the page tells it when it is hidden), so nothing piles up.
 */
export class QuoteBatcher {
  /** What arrived since the last frame, in order; usually one batch (the worker sends one per frame). */
  private pending: (readonly TickerUpdate[])[] = [];
  private pendingSeq = 0;
  private scheduled = false;

  constructor(
    private readonly sink: QuoteSink,
    private readonly schedule: FrameScheduler = (cb) => requestAnimationFrame(cb),
    private readonly perMessage = false,
  ) {}

  push(updates: readonly TickerUpdate[], seq: number): void {
    if (this.perMessage) {
      for (const update of updates) this.sink.one(update, seq);
      return;
    }
    this.pending.push(updates);
    this.pendingSeq = seq;
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Writes what is pending now (also used when a snapshot must replace it at once). */
  flush(): void {
    this.scheduled = false;
    const arrived = this.pending;
    if (arrived.length === 0) return;
    this.pending = [];
    // One batch (the usual case) is written as it is; several are merged, the newest quote of each
    // pair winning, so a pair is still written once per frame.
    if (arrived.length === 1) return this.sink.batch(arrived[0]!, this.pendingSeq);
    const merged = new Map<string, TickerUpdate>();
    for (const updates of arrived) for (const update of updates) merged.set(update.symbol, update);
    this.sink.batch(merged.values(), this.pendingSeq);
  }

  /** Drops what is pending: a snapshot supersedes it. */
  clear(): void {
    this.pending = [];
  }
}
