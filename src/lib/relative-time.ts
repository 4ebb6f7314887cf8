import { formatDate, toDate, type DateInput } from './format-date.ts';

/**
 * Relative time of spec section 9: under 5 minutes is "just now", then minutes, hours and days up
 * to 30 days, then the date (formatDate's default pattern). "Just now" comes back as a kind, not
 * text, so the UI translates it through Lingui: `typeof r === 'string' ? r : t`just now``. The
 * rest is worded by Intl.RelativeTimeFormat in the given locale ("5 minutes ago", "yesterday").
 */
export type RelativeTime = { kind: 'just-now' } | string;

export const JUST_NOW_MS = 5 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Whole days still shown as "n days ago"; from 31 days on, the date is shown. */
export const MAX_RELATIVE_DAYS = 30;

const formatters = new Map<string, Intl.RelativeTimeFormat>();

function formatterFor(localeTag: string): Intl.RelativeTimeFormat {
  let rtf = formatters.get(localeTag);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(localeTag, { numeric: 'auto' });
    formatters.set(localeTag, rtf);
  }
  return rtf;
}

/**
 * `then` relative to `now` (the caller passes the clock, so this stays pure). Times slightly in
 * the future (clock skew up to 5 minutes) are also "just now"; further ahead reads "in 2 hours".
 * `localeTag` is a BCP 47 tag (LOCALE_TAGS). When either time is unreadable, the result is
 * formatDate(then): the date, or the placeholder "--".
 */
export function relativeTime(then: DateInput, now: DateInput, localeTag: string): RelativeTime {
  const a = toDate(then);
  const b = toDate(now);
  if (!a || !b) return formatDate(then);
  const diff = b.getTime() - a.getTime();
  const abs = Math.abs(diff);
  if (abs < JUST_NOW_MS) return { kind: 'just-now' };
  const sign = diff > 0 ? -1 : 1;
  const rtf = formatterFor(localeTag);
  if (abs < HOUR_MS) return rtf.format(sign * Math.floor(abs / MINUTE_MS), 'minute');
  if (abs < DAY_MS) return rtf.format(sign * Math.floor(abs / HOUR_MS), 'hour');
  const days = Math.floor(abs / DAY_MS);
  if (days <= MAX_RELATIVE_DAYS) return rtf.format(sign * days, 'day');
  return formatDate(a);
}
