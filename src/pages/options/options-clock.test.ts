import { describe, expect, it } from 'vitest';
import { clockOffsetMs, elapsedShare, formatCountdown, remainingMs, remainingSeconds } from './options-clock.ts';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

describe('countdown with the server clock', () => {
  it('a phone 5 s behind the server: offset +5000 ms', () => {
    // The server said 10:00:05 when the phone read 10:00:00.
    expect(clockOffsetMs('2026-11-21T10:00:05.000Z', T0)).toBe(5000);
    expect(clockOffsetMs('not a time', T0)).toBeNull();
  });

  it('counts down by the server clock: expiry 30 s after T0, phone 5 s behind, phone at T0 -> 25 s left', () => {
    const expires = T0 + 30_000;
    expect(remainingMs(expires, T0, 5000)).toBe(25_000);
    expect(remainingSeconds(expires, T0, 5000)).toBe(25);
    // Without the correction the phone would show 30 s, five too many.
    expect(remainingSeconds(expires, T0, 0)).toBe(30);
  });

  it('a phone ahead of the server (offset -2000) shows more time left', () => {
    expect(remainingSeconds(T0 + 30_000, T0, -2000)).toBe(32);
  });

  it('rounds up to whole seconds and never goes below zero', () => {
    expect(remainingSeconds(T0 + 1, T0, 0)).toBe(1);
    expect(remainingSeconds(T0 + 1000, T0, 0)).toBe(1);
    expect(remainingSeconds(T0 + 1001, T0, 0)).toBe(2);
    expect(remainingSeconds(T0, T0, 0)).toBe(0);
    expect(remainingMs(T0, T0 + 60_000, 0)).toBe(0);
  });

  it('the elapsed share of a 60 s period: 15 s in is a quarter', () => {
    const expires = T0 + 60_000;
    expect(elapsedShare(expires, 60, T0 + 15_000, 0)).toBeCloseTo(0.25);
    expect(elapsedShare(expires, 60, T0 - 5_000, 0)).toBe(0);
    expect(elapsedShare(expires, 60, T0 + 90_000, 0)).toBe(1);
  });

  it('formats m:ss, and h:mm:ss for long expiries', () => {
    expect(formatCountdown(27)).toBe('0:27');
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(-4)).toBe('0:00');
  });
});
