import type { TickerUpdate } from '../../contract/socket-events.ts';
import { frameHadWork, holdFrame, markFrameWork, releaseFrame } from '../lib/frame-work.ts';

/** requestAnimationFrame or a stand-in: the callback gets the frame's start time when there is one. */
export type FrameScheduler = (callback: (frameStart?: number) => void) => unknown;

export interface QuoteSink {
  /** Many quotes, one notification. */
  batch(updates: Iterable<TickerUpdate>, seq: number): void;
  /** One quote, one notification (the naive mode). */
  one(update: TickerUpdate, seq: number): void;
}

/**
 * Coalesces ticker updates and hands them to the UI once per animation frame: the newest quote of
 * each symbol wins, so a flood of thousands of updates a second costs one store write and one
 * write of each changed row per frame. With `perMessage` (the benchmark's baseline) every update is
 * written as it arrives instead. While the tab is hidden no frame runs; the socket worker then sends
 * nothing either (the page tells it when it is hidden), so nothing piles up.
 */
export class QuoteBatcher {
  /** What arrived since the last frame, in order; usually one batch (the worker sends one per frame). */
  private pending: (readonly TickerUpdate[])[] = [];
  private pendingSeq = 0;
  private scheduled = false;
  private deferred = false;

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
    holdFrame();
    this.schedule(this.onFrame);
  }

  /**
   * A frame that already did a burst of work (a scroll's new rows) writes its quotes in the next
   * frame instead, once: the quotes are a frame later, and neither frame carries both jobs.
   */
  private readonly onFrame = (frameStart?: number): void => {
    if (frameStart !== undefined && !this.deferred && frameHadWork(frameStart)) {
      this.deferred = true;
      this.schedule(this.onFrame);
      return;
    }
    this.deferred = false;
    releaseFrame();
    if (this.pending.length > 0) {
      this.flush();
      // Work of its own: deferrable work (rows out of sight) leaves this frame to the next.
      markFrameWork();
    }
  };

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
