import { describe, expect, it } from 'vitest';
import { DATE_PLACEHOLDER, formatDate, toDate } from './format-date.ts';

// Expectations are built from local-time Dates, so the tests hold in any time zone.
const local = new Date(2024, 0, 5, 7, 8, 9); // 2024-01-05 07:08:09 local

describe('formatDate', () => {
  it('uses yyyy-mm-dd by default', () => {
    expect(formatDate(local)).toBe('2024-01-05');
  });

  it('fills every token, zero-padded; mm is the month and MM the minutes', () => {
    expect(formatDate(local, 'yyyy-mm-dd hh:MM:ss')).toBe('2024-01-05 07:08:09');
    expect(formatDate(local, 'dd/mm/yyyy')).toBe('05/01/2024');
    expect(formatDate(local, 'hh:MM')).toBe('07:08');
    expect(formatDate(new Date(2024, 11, 31, 23, 59, 58), 'mm MM hh ss')).toBe('12 59 23 58');
  });

  it('copies other text and repeated tokens as they are', () => {
    expect(formatDate(local, 'yyyy年mm月dd日')).toBe('2024年01月05日');
    expect(formatDate(local, 'dd.dd T')).toBe('05.05 T');
  });

  it('pads years below 1000', () => {
    const d = new Date(2000, 0, 1);
    d.setFullYear(987);
    expect(formatDate(d)).toBe('0987-01-01');
  });

  it('reads the server forms "yyyy-mm-dd hh:MM:ss", with T, without seconds, and date only', () => {
    expect(formatDate('2024-01-05 07:08:09', 'yyyy-mm-dd hh:MM:ss')).toBe('2024-01-05 07:08:09');
    expect(formatDate('2024-01-05T07:08:09', 'yyyy-mm-dd hh:MM:ss')).toBe('2024-01-05 07:08:09');
    expect(formatDate('2024-01-05 07:08', 'yyyy-mm-dd hh:MM:ss')).toBe('2024-01-05 07:08:00');
    expect(formatDate('2024-01-05', 'yyyy-mm-dd hh:MM:ss')).toBe('2024-01-05 00:00:00');
    expect(formatDate(' 2024-01-05 ')).toBe('2024-01-05');
  });

  it('reads ISO instants with a zone as that instant', () => {
    const instant = Date.UTC(2024, 0, 5, 7, 8, 9);
    expect(formatDate('2024-01-05T07:08:09Z', 'yyyy-mm-dd hh:MM:ss')).toBe(formatDate(new Date(instant), 'yyyy-mm-dd hh:MM:ss'));
    expect(formatDate('2024-01-05T15:08:09+08:00', 'yyyy-mm-dd hh:MM:ss')).toBe(formatDate(new Date(instant), 'yyyy-mm-dd hh:MM:ss'));
    expect(formatDate('2024-01-05T07:08:09.123Z', 'ss')).toBe(formatDate(new Date(instant), 'ss'));
  });

  it('takes epoch milliseconds, and epoch seconds below 1e11, as numbers or digit strings', () => {
    const ms = local.getTime();
    const s = ms / 1000;
    const full = 'yyyy-mm-dd hh:MM:ss';
    expect(formatDate(ms, full)).toBe('2024-01-05 07:08:09');
    expect(formatDate(s, full)).toBe('2024-01-05 07:08:09');
    expect(formatDate(String(ms), full)).toBe('2024-01-05 07:08:09');
    expect(formatDate(String(s), full)).toBe('2024-01-05 07:08:09');
  });

  it('shows the placeholder for dates that do not exist or cannot be read', () => {
    for (const bad of ['', 'yesterday', '2024-02-30', '2023-02-29', '2024-13-01', '2024-01-05 24:00:00', '2024-1-5', '05/01/2024', '2024-01-05T07:08:09+8']) {
      expect(formatDate(bad), bad).toBe(DATE_PLACEHOLDER);
    }
    expect(formatDate(Number.NaN)).toBe(DATE_PLACEHOLDER);
    expect(formatDate(Number.POSITIVE_INFINITY)).toBe(DATE_PLACEHOLDER);
    expect(formatDate(new Date('nope'))).toBe(DATE_PLACEHOLDER);
    expect(formatDate(8.64e15 + 1)).toBe(DATE_PLACEHOLDER); // past Date's range
  });

  it('accepts 29 February in a leap year', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
  });
});

describe('toDate', () => {
  it('returns null rather than an Invalid Date', () => {
    expect(toDate('garbage')).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });

  it('returns the same instant for a Date', () => {
    expect(toDate(local)?.getTime()).toBe(local.getTime());
  });
});
