/**
 * A token bucket per socket for subscribe, unsubscribe and snapshot calls: a burst of `capacity`
 * (a screen opening several streams at once, a reconnect resubscribing all of them), then
 * `perSecond`. Time is the process's monotonic clock: this limits load, it is not business time.
 */
export class RequestBudget {
  private tokens: number;
  private lastMs: number;

  constructor(private readonly capacity = 40, private readonly perSecond = 10, private readonly now: () => number = () => performance.now()) {
    this.tokens = capacity;
    this.lastMs = now();
  }

  take(): boolean {
    const nowMs = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((nowMs - this.lastMs) * this.perSecond) / 1000);
    this.lastMs = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
