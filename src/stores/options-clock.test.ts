import { beforeEach, describe, expect, it } from 'vitest';
import { $serverClock, noteServerClock } from './options-clock.ts';

describe('the server clock estimate keeps the best lower bound', () => {
  beforeEach(() => $serverClock.set({ offsetMs: 0, source: 'none' }));

  it('takes the first measurement, then only higher ones (less delayed)', () => {
    // The phone is 5 s behind; messages took 300 ms, then 40 ms to be handled.
    noteServerClock(4_700, 'date');
    expect($serverClock.get()).toEqual({ offsetMs: 4_700, source: 'date' });
    noteServerClock(4_960, 'hello');
    expect($serverClock.get()).toEqual({ offsetMs: 4_960, source: 'hello' });
    // A later answer that waited 600 ms on a busy main thread does not make it worse.
    noteServerClock(4_400, 'answer');
    expect($serverClock.get()).toEqual({ offsetMs: 4_960, source: 'hello' });
  });

  it('starts again when the device clock was changed (a measurement far below)', () => {
    noteServerClock(4_960, 'hello');
    noteServerClock(-3_600_000, 'hello');
    expect($serverClock.get().offsetMs).toBe(-3_600_000);
  });

  it("never takes a Date header's low reading for a changed device clock: it may be an old cached copy's", () => {
    noteServerClock(4_960, 'hello');
    noteServerClock(-3_600_000, 'date');
    expect($serverClock.get()).toEqual({ offsetMs: 4_960, source: 'hello' });
  });

  it('ignores unreadable measurements', () => {
    noteServerClock(null, 'answer');
    noteServerClock(Number.NaN, 'date');
    expect($serverClock.get().source).toBe('none');
  });
});
