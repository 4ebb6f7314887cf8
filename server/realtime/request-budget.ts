/**
 * A token bucket per socket for subscribe, unsubscribe and snapshot calls: a burst of `capacity`
 * (a screen opening several streams at once, a reconnect resubscribing all of them), then
 * `perSecond`. Time is the process's monotonic clock: this limits load, it is not business time.
 * AddressLimits (address-limits.ts) keeps one per client address too, for handshakes and for the
 * events of all that address's sockets.
 */
export class RequestBudget {
  private tokens: number;
  private lastMs: number;

  constructor(private readonly capacity = 40, private readonly perSecond = 10, private readonly now: () => number = () => performance.now()) {
    this.tokens = capacity;
    this.lastMs = now();
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True when the bucket has refilled completely: dropping it then loses nothing, a new one starts the same. */
  full(): boolean {
    this.refill();
    return this.tokens >= this.capacity;
  }

  private refill(): void {
    const nowMs = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((nowMs - this.lastMs) * this.perSecond) / 1000);
    this.lastMs = nowMs;
  }
}
