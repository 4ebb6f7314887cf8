import type { DueSchedule } from '../../services/due-work/due-work.ts';
import { termsOf, type OrderRow } from './lock-views.ts';
import { dailyDividendMinor, dividendAtMs, dividendDate, dividendPays, type LockTerms } from './rules.ts';

export const DIVIDEND_KIND = 'lockming.dividend';
export const MATURITY_KIND = 'lockming.maturity';

export interface DividendPayload {
  orderId: number;
  /** Which dividend, from 1. */
  day: number;
}

/** Dividend `day` of an order, keyed `order:<id>:<yyyy-mm-dd>` and due at its dividend time. */
export const dividendDue = (orderId: number, terms: Pick<LockTerms, 'lockedAtMs' | 'dividendMinute'>, day: number): DueSchedule => ({
  kind: DIVIDEND_KIND,
  key: `order:${orderId}:${dividendDate(terms, day)}`,
  dueAt: new Date(dividendAtMs(terms, day)),
  payload: { orderId, day } satisfies DividendPayload,
});

/** The principal's return, keyed `order:<id>`, due at the last dividend's time: the last dividend schedules it. */
export const maturityDue = (orderId: number, maturesAtMs: number): DueSchedule => ({ kind: MATURITY_KIND, key: `order:${orderId}`, dueAt: new Date(maturesAtMs), payload: { orderId } });

/** What paying a dividend does: its amount, the order's dividends after it, what it schedules. */
export interface DividendStep {
  amountMinor: bigint;
  dividendsMinor: bigint;
  next: DueSchedule[];
}

/**
 * Dividend `payload.day` of `row`, the order as read in the item's transaction; null when it pays
 * nothing (the order is gone, ended before that day's time, or that day was paid already: days_paid
 * moves only from day - 1). Each dividend schedules the next day's, and the last one the principal's
 * return, so a catch-up books them in the order they fell due.
 */
export function dividendStep(row: OrderRow | undefined, payload: DividendPayload): DividendStep | null {
  if (!row || row.days_paid !== payload.day - 1) return null;
  const terms = termsOf(row);
  const endedMs = row.ended_at === null ? null : Date.parse(row.ended_at);
  if (!dividendPays(row.state, endedMs, dividendAtMs(terms, payload.day))) return null;
  const amount = dailyDividendMinor(terms.principalMinor, terms.dailyYieldPpm);
  const nextDay = payload.day + 1;
  let next: DueSchedule[];
  if (nextDay > row.lock_days) next = row.state === 'locked' ? [maturityDue(row.id, Date.parse(row.matures_at))] : [];
  else next = dividendPays(row.state, endedMs, dividendAtMs(terms, nextDay)) ? [dividendDue(row.id, terms, nextDay)] : [];
  return { amountMinor: amount, dividendsMinor: BigInt(row.dividends_minor) + amount, next };
}
