/** Services ask this for the time, so tests can move it (code expiry, throttle windows, sessions). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date = new Date()) {
    this.ms = start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** The system time moved forward by an offset (TEST_CLOCK): a running server's time, advanced by tests. */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Forward only: time that went back would let due work run twice in a test's eyes. */
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new Error('the clock moves forward by whole milliseconds');
    this.offsetMs += ms;
  }
}
