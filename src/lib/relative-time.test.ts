import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';
import { relativeTime } from './relative-time.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;

describe('relativeTime', () => {
  it('is "just now" under 5 minutes either way (a server clock a little ahead is still now)', () => {
    expect(relativeTime(now, now)).toEqual({ kind: 'just-now' });
    expect(relativeTime(ago(4 * MIN + 59_999), now)).toEqual({ kind: 'just-now' });
    expect(relativeTime(now + 2 * MIN, now)).toEqual({ kind: 'just-now' });
  });

  it('counts whole minutes from 5 minutes to under an hour', () => {
    expect(relativeTime(ago(5 * MIN), now)).toEqual({ kind: 'minutes', count: 5 });
    expect(relativeTime(ago(59 * MIN + 59_000), now)).toEqual({ kind: 'minutes', count: 59 });
  });

  it('counts whole hours from 1 hour to under a day', () => {
    expect(relativeTime(ago(HOUR), now)).toEqual({ kind: 'hours', count: 1 });
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toEqual({ kind: 'hours', count: 23 });
  });

  it('counts days up to 30, then shows the date', () => {
    expect(relativeTime(ago(DAY), now)).toEqual({ kind: 'days', count: 1 });
    expect(relativeTime(ago(30 * DAY + 23 * HOUR), now)).toEqual({ kind: 'days', count: 30 });
    expect(relativeTime(ago(31 * DAY), now)).toBe(formatDate(ago(31 * DAY)));
    expect(relativeTime(new Date(2023, 0, 2), now)).toBe('2023-01-02');
  });

  it('shows the date for a time ahead of the clock beyond the skew allowance', () => {
    expect(relativeTime(now + 2 * HOUR, now)).toBe(formatDate(now + 2 * HOUR));
  });

  it('reads server strings and epoch seconds', () => {
    expect(relativeTime('2024-06-15 11:00:00', now)).toEqual({ kind: 'hours', count: 1 });
    expect(relativeTime(ago(10 * MIN) / 1000, now)).toEqual({ kind: 'minutes', count: 10 });
  });

  it('falls back to the date placeholder for unreadable input', () => {
    expect(relativeTime('not a date', now)).toBe('--');
  });
});
