import type { TickerUpdate } from '../../contract/socket-events.ts';

export interface QuoteBatch {
  updates: TickerUpdate[];
  seq: number;
  /** The first batch since a snapshot: the quotes are live again from it. */
  resynced?: true;
}

/**
 * Batches go out at most this often: twenty updates a second is more than anyone reads off a
 * price, and every batch the page skips is main-thread time a slow phone keeps for scrolling.
 */
export const BATCH_MIN_MS = 50;
/**
 * Pairs nobody on screen watches are refreshed this often: only sorting and the home rankings read
 * them (every 2-3 s), and a row that comes on screen turns live within INTEREST_THROTTLE_MS.
 */
export const BACKGROUND_MS = 5000;
/** At most this many of those go in one batch, so no frame carries much of the market. */
export const BACKGROUND_SLICE = 25;

export interface CoalescerClock {
  now(): number;
  later(callback: () => void, ms: number): unknown;
}

const realClock: CoalescerClock = { now: () => Date.now(), later: (cb, ms) => setTimeout(cb, ms) };

/**
 * The socket worker's side of quote delivery. Ticker updates are kept per symbol (the newest wins)
 * and sent to the page as one batch at most every BATCH_MIN_MS while the page is shown; a hidden
 * page gets nothing until it is shown again, and then one batch with the newest quotes. The page
 * writes what arrived in its next animation frame, merging batches if it fell behind, so a slow
 * page costs a few cheap messages, never a queue of renders. (The page used to grant each batch
 * with a message of its own: under a 4x CPU slowdown that round trip cost more main-thread time
 * than writing the batch.) Pairs the page shows (its interest: rows on screen, the pair being
 * traded) go in every batch; the others about every BACKGROUND_MS, in small slices. With
 * `perMessage` (the benchmark's naive baseline) every message goes out as it comes, for every pair.
 */
export class QuoteCoalescer {
  private watched = new Map<string, TickerUpdate>();
  private background = new Map<string, TickerUpdate>();
  private interest = new Set<string>();
  private seq = 0;
  private shown = true;
  private backgroundAt = -Infinity;
  /** Pairs the background round under way still owes (0: no round under way). */
  private roundLeft = 0;
  private sentAt = -Infinity;
  /** When the earliest pending wake-up fires (Infinity: none). */
  private wakeAtMs = Infinity;
  /** A snapshot came since the last batch went out. */
  private resynced = false;

  constructor(
    private readonly send: (batch: QuoteBatch) => void,
    private readonly perMessage = false,
    private readonly clock: CoalescerClock = realClock,
  ) {}

  push(updates: readonly TickerUpdate[], seq: number): void {
    if (this.perMessage) {
      this.emit({ updates: [...updates], seq });
      return;
    }
    for (const update of updates) (this.interest.has(update.symbol) ? this.watched : this.background).set(update.symbol, update);
    this.seq = seq;
    this.trySend();
  }

  /** The symbols the page shows now. */
  setInterest(symbols: readonly string[]): void {
    this.interest = new Set(symbols);
    for (const [symbol, update] of this.background) {
      if (!this.interest.has(symbol)) continue;
      this.background.delete(symbol);
      this.watched.set(symbol, update);
    }
    for (const [symbol, update] of this.watched) {
      if (this.interest.has(symbol)) continue;
      this.watched.delete(symbol);
      this.background.set(symbol, update);
    }
    this.trySend();
  }

  /** Whether the page shows `symbol` now (its quotes go in every batch). */
  shows(symbol: string): boolean {
    return this.interest.has(symbol);
  }

  /** The page was shown or hidden (document.visibilityState). */
  setShown(shown: boolean): void {
    this.shown = shown;
    this.trySend();
  }

  /** A snapshot replaces what is pending; the batch that carries it says so (`resynced`). */
  clear(): void {
    this.resynced = true;
    this.watched.clear();
    this.background.clear();
    this.roundLeft = 0;
    this.backgroundAt = -Infinity;
  }

  private trySend(): void {
    if (!this.shown) return;
    const now = this.clock.now();
    if (now - this.sentAt < BATCH_MIN_MS) {
      if (this.watched.size > 0 || this.background.size > 0) this.wakeAt(this.sentAt + BATCH_MIN_MS - now);
      return;
    }
    const backgroundDue = this.roundLeft > 0 || (this.background.size > 0 && now - this.backgroundAt >= BACKGROUND_MS);
    if (this.watched.size === 0 && !backgroundDue) {
      if (this.background.size > 0) this.wakeAt(this.backgroundAt + BACKGROUND_MS - now);
      return;
    }
    const updates = [...this.watched.values()];
    this.watched.clear();
    if (backgroundDue) {
      // A round covers the pairs pending when it starts. Under a flood new ones arrive faster than
      // slices leave, so a round that waited for an empty map would never end, and every batch
      // would carry a slice; they wait for the next round instead. A pair pending again keeps its
      // place in the map (the newest quote wins), so the oldest go first.
      if (this.roundLeft === 0) this.roundLeft = this.background.size;
      let taken = 0;
      for (const [symbol, update] of this.background) {
        if (taken === BACKGROUND_SLICE || this.roundLeft === 0) break;
        taken += 1;
        this.roundLeft -= 1;
        updates.push(update);
        this.background.delete(symbol);
      }
      if (this.roundLeft === 0 || this.background.size === 0) {
        this.roundLeft = 0;
        this.backgroundAt = now;
      }
    }
    this.sentAt = now;
    this.emit({ updates, seq: this.seq });
    // A round under way takes its next slice with the next batch, whether or not a watched pair moves.
    if (this.roundLeft > 0) this.wakeAt(BATCH_MIN_MS);
  }

  private emit(batch: QuoteBatch): void {
    if (this.resynced) {
      this.resynced = false;
      batch.resynced = true;
    }
    this.send(batch);
  }

  private wakeAt(ms: number): void {
    const at = this.clock.now() + Math.max(0, ms);
    // A later wake-up (the background round) must not hold back an earlier one (the next batch).
    if (at >= this.wakeAtMs) return;
    this.wakeAtMs = at;
    this.clock.later(() => {
      if (this.wakeAtMs === at) this.wakeAtMs = Infinity;
      this.trySend();
    }, Math.max(0, ms));
  }
}
