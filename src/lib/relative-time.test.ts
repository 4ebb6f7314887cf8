import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';
import { relativeTime } from './relative-time.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;

describe('relativeTime', () => {
  it('is "just now" under 5 minutes, as a kind for Lingui to translate', () => {
    expect(relativeTime(now, now, 'en')).toEqual({ kind: 'just-now' });
    expect(relativeTime(ago(4 * MIN + 59_999), now, 'en')).toEqual({ kind: 'just-now' });
    // A server clock a little ahead of the device is still just now.
    expect(relativeTime(now + 2 * MIN, now, 'en')).toEqual({ kind: 'just-now' });
  });

  it('counts whole minutes from 5 minutes to under an hour', () => {
    expect(relativeTime(ago(5 * MIN), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * MIN + 59_000), now, 'en')).toBe('59 minutes ago');
  });

  it('counts whole hours from 1 hour to under a day', () => {
    expect(relativeTime(ago(HOUR), now, 'en')).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now, 'en')).toBe('23 hours ago');
  });

  it('counts days up to 30, then shows the date', () => {
    expect(relativeTime(ago(DAY), now, 'en')).toBe('yesterday');
    expect(relativeTime(ago(2 * DAY), now, 'en')).toBe('2 days ago');
    expect(relativeTime(ago(30 * DAY + 23 * HOUR), now, 'en')).toBe('30 days ago');
    expect(relativeTime(ago(31 * DAY), now, 'en')).toBe(formatDate(ago(31 * DAY)));
    expect(relativeTime(new Date(2023, 0, 2), now, 'en')).toBe('2023-01-02');
  });

  it('words the text in the given locale', () => {
    expect(relativeTime(ago(10 * MIN), now, 'fr')).toBe(new Intl.RelativeTimeFormat('fr', { numeric: 'auto' }).format(-10, 'minute'));
    expect(relativeTime(ago(3 * HOUR), now, 'zh-CN')).toBe('3小时前');
    expect(relativeTime(ago(2 * DAY), now, 'ja')).toBe(new Intl.RelativeTimeFormat('ja', { numeric: 'auto' }).format(-2, 'day'));
  });

  it('reads the future as "in ..." beyond the skew allowance', () => {
    expect(relativeTime(now + 2 * HOUR, now, 'en')).toBe('in 2 hours');
  });

  it('reads server strings and epoch seconds', () => {
    expect(relativeTime('2024-06-15 11:00:00', now, 'en')).toBe('1 hour ago');
    expect(relativeTime(ago(10 * MIN) / 1000, now, 'en')).toBe('10 minutes ago');
  });

  it('falls back to the date placeholder for unreadable input', () => {
    expect(relativeTime('not a date', now, 'en')).toBe('--');
  });
});
