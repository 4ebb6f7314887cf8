/**
 * Date display with the spec's pattern tokens (section 9: default "yyyy-mm-dd"). Tokens, all
 * zero-padded and in the device's local time zone:
 *   yyyy  4-digit year        mm  month 01-12        dd  day of month 01-31
 *   hh    hour 00-23 (24 h)   MM  minutes 00-59      ss  seconds 00-59
 * Note the legacy casing: lower-case "mm" is the month and upper-case "MM" the minutes. Any other
 * text in the pattern is copied as is.
 */

export type DateInput = string | number | Date;

export const DEFAULT_DATE_PATTERN = 'yyyy-mm-dd';

/** What an unreadable date shows as. */
export const DATE_PLACEHOLDER = '--';

/**
 * Numbers (and all-digit strings) are epoch milliseconds; below 1e11 they are taken as epoch
 * seconds, the unit many backends send: 1e11 ms is March 1973, 1e11 s is the year 5138, so the two
 * never overlap for the dates a trading app shows.
 */
const SECONDS_BELOW = 1e11;

/** "2024-03-05", "2024-03-05 14:07" or "2024-03-05 14:07:09" (space or T), read as local time. */
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function fromEpoch(n: number): Date | null {
  if (!Number.isFinite(n)) return null;
  const date = new Date(Math.abs(n) < SECONDS_BELOW ? n * 1000 : n);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Reads any DateInput; null when it is not a real date (including "2024-02-30"). */
export function toDate(input: DateInput): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'number') return fromEpoch(input);
  const s = input.trim();
  if (/^\d+$/.test(s)) return fromEpoch(Number(s));
  const m = LOCAL_RE.exec(s);
  if (m) {
    const [y, mo, d, h, mi, se] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    const date = new Date(y, mo - 1, d, h, mi, se);
    // Date rolls 30 February over to March; a date that does not exist is not a date.
    const exists = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d && date.getHours() === h && date.getMinutes() === mi && date.getSeconds() === se;
    return exists ? date : null;
  }
  // Full ISO 8601 with a zone ("2024-03-05T14:07:09Z", "...+08:00"): an instant, so Date reads it.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(s)) return null;
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** formatDate("2024-03-05 14:07:09", "yyyy-mm-dd hh:MM") → "2024-03-05 14:07"; bad input → "--". */
export function formatDate(input: DateInput, pattern: string = DEFAULT_DATE_PATTERN): string {
  const date = toDate(input);
  if (!date) return DATE_PLACEHOLDER;
  const values: Record<string, string> = {
    yyyy: pad(date.getFullYear(), 4),
    mm: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    hh: pad(date.getHours()),
    MM: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/yyyy|mm|dd|hh|MM|ss/g, (token) => values[token] ?? token);
}
