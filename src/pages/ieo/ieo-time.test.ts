import { describe, expect, it } from 'vitest';
import { countdownParts, msUntil } from './ieo-time.ts';

describe('sale countdowns', () => {
  it('count to the server\'s time, not the device\'s', () => {
    // The server is 5 s ahead: 10 s by the device is 5 s by the server.
    expect(msUntil(20_000, 10_000, 5_000)).toBe(5_000);
    expect(msUntil(20_000, 30_000, 0)).toBe(0);
  });

  it('show days and a clock, rounded up to the second', () => {
    expect(countdownParts(90_061_001)).toEqual({ days: 1, clock: '01:01:02' });
    expect(countdownParts(999)).toEqual({ days: 0, clock: '00:00:01' });
    expect(countdownParts(0)).toEqual({ days: 0, clock: '00:00:00' });
  });
});
