import { formatDate, toDate, type DateInput } from './format-date.ts';

/**
 * Relative time of spec section 9: under 5 minutes is "just now", then minutes, hours and days up
 * to 30 days, then the date (formatDate's default pattern). The counts come back as values for the
 * UI to word from its catalog (ui/relative-time-text.tsx), not as text from Intl.RelativeTimeFormat:
 * a page's first `new Intl.RelativeTimeFormat` loads ICU data, measured at 35-45 ms in Chromium on
 * this machine and a 180 ms task at 4x CPU on the home tab's first visit, for a few phrases per
 * language that a catalog holds just as well.
 */
export type RelativeTime = { kind: 'just-now' } | { kind: 'minutes' | 'hours' | 'days'; count: number } | string;

export const JUST_NOW_MS = 5 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Whole days still shown as "n days ago"; from 31 days on, the date is shown. */
export const MAX_RELATIVE_DAYS = 30;

/**
 * `then` relative to `now` (the caller passes the clock, so this stays pure). Times slightly in
 * the future (clock skew up to 5 minutes) are also "just now"; further ahead, and from 31 days
 * back, the result is formatDate(then), as it is when either time is unreadable ("--").
 */
export function relativeTime(then: DateInput, now: DateInput): RelativeTime {
  const a = toDate(then);
  const b = toDate(now);
  if (!a || !b) return formatDate(then);
  const ago = b.getTime() - a.getTime();
  if (Math.abs(ago) < JUST_NOW_MS) return { kind: 'just-now' };
  if (ago < 0) return formatDate(a);
  if (ago < HOUR_MS) return { kind: 'minutes', count: Math.floor(ago / MINUTE_MS) };
  if (ago < DAY_MS) return { kind: 'hours', count: Math.floor(ago / HOUR_MS) };
  const days = Math.floor(ago / DAY_MS);
  if (days <= MAX_RELATIVE_DAYS) return { kind: 'days', count: days };
  return formatDate(a);
}
