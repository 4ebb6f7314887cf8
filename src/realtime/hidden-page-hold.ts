import type { FromWorker } from './socket-protocol.ts';

/**
 * Hidden this long, the page lets go of its public streams (the book, trades, candles, marks and
 * quotes): a phone in a pocket stops paying radio and battery for figures nobody sees. Shorter
 * absences (a glance at a message) keep them, so coming back costs no resubscribing.
 */
export const LET_GO_AFTER_MS = 30_000;
/** Messages held per subscription while hidden; past this a fresh snapshot on showing is cheaper than replaying them. */
export const HOLD_MAX = 200;
/**
 * Forwarded events held per event while hidden; past this the oldest of that event go (the screens
 * see the gap in its seq and read the state again). Per event, so a stream of risk updates cannot
 * push out an option's settlement.
 */
export const EVENTS_MAX = 100;

type ById = Extract<FromWorker, { id: number }>;
type EventMessage = Extract<FromWorker, { type: 'event' }>;

export interface HiddenPageHooks {
  post(message: FromWorker): void;
  /** Lets go of the public streams; answers the subscription ids let go (their held messages are dropped for a `stopped`). */
  away(): number[];
  /** Takes the streams let go again: each starts over with a snapshot. */
  back(): void;
  /** Asks for a fresh snapshot of subscription `id`'s stream. */
  refresh(id: number): void;
}

export interface HoldClock {
  later(callback: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
}

const realClock: HoldClock = { later: (cb, ms) => setTimeout(cb, ms), cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

/**
 * The socket worker's side of a hidden page (quotes have their own, quote-coalescer.ts). While the
 * page is hidden nothing reaches its main thread: stream messages wait per subscription and events
 * per event (each in its order; the events have no order between them), and go out together when
 * it is shown. A subscription that piles up more than HOLD_MAX
 * is asked for a fresh snapshot instead; a snapshot that arrives while hidden replaces what its
 * subscription held. Hidden for LET_GO_AFTER_MS, the public streams are let go altogether (the
 * user's own channel stays: its events must not be missed), and taken again when the page is shown.
 */
export class HiddenPageHold {
  private shown = true;
  private isAway = false;
  private timer: unknown;
  private readonly held = new Map<number, ById[]>();
  private readonly overflowed = new Set<number>();
  private events = new Map<EventMessage['event'], EventMessage[]>();

  constructor(
    private readonly hooks: HiddenPageHooks,
    private readonly clock: HoldClock = realClock,
  ) {}

  /** The public streams are let go (the page has been hidden LET_GO_AFTER_MS). */
  get away(): boolean {
    return this.isAway;
  }

  /** A stream message or forwarded event for the page: now, or when it is shown. */
  pass(message: ById | EventMessage): void {
    if (this.shown) return this.hooks.post(message);
    if (message.type === 'event') {
      const queue = this.events.get(message.event) ?? [];
      queue.push(message);
      if (queue.length > EVENTS_MAX) queue.shift();
      this.events.set(message.event, queue);
      return;
    }
    const { id } = message;
    if (message.type === 'snapshot') {
      this.overflowed.delete(id);
      this.held.set(id, [message]);
      return;
    }
    if (message.type === 'error') {
      // A refusal ends the subscription: no snapshot follows it and refresh() asks for none, so it
      // must reach the page even past a pile-up.
      this.overflowed.delete(id);
      this.held.set(id, [...(this.held.get(id) ?? []), message]);
      return;
    }
    if (message.type === 'stopped') {
      // What it held is older than this; the page must hear it even past a pile-up (the snapshot
      // that ends it comes after the reconnect, and refresh() asks for none before).
      this.held.set(id, [...(this.held.get(id) ?? []), message]);
      return;
    }
    if (this.overflowed.has(id)) return;
    const queue = this.held.get(id) ?? [];
    queue.push(message);
    this.held.set(id, queue);
    if (queue.length > HOLD_MAX) {
      this.held.delete(id);
      this.overflowed.add(id);
    }
  }

  /** The page left subscription `id`: what it held is dropped. */
  forget(id: number): void {
    this.held.delete(id);
    this.overflowed.delete(id);
  }

  setShown(shown: boolean): void {
    if (shown === this.shown) return;
    this.shown = shown;
    if (!shown) {
      this.timer = this.clock.later(() => this.goAway(), LET_GO_AFTER_MS);
      return;
    }
    this.clock.cancel(this.timer);
    this.timer = undefined;
    for (const id of this.overflowed) this.hooks.refresh(id);
    this.overflowed.clear();
    const held = [...this.held.values()];
    this.held.clear();
    const events = [...this.events.values()];
    this.events.clear();
    for (const queue of held) for (const message of queue) this.hooks.post(message);
    for (const queue of events) for (const event of queue) this.hooks.post(event);
    if (this.isAway) {
      this.isAway = false;
      this.hooks.back();
    }
  }

  private goAway(): void {
    this.timer = undefined;
    if (this.shown || this.isAway) return;
    this.isAway = true;
    for (const id of this.hooks.away()) {
      this.forget(id);
      // Shown again, the page hears that its stream stopped before the fresh snapshot restarts it.
      this.held.set(id, [{ type: 'stopped', id }]);
    }
  }
}
