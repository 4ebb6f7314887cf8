import type { ErrorCode } from '../../../contract/error-codes.ts';

/**
 * Lock mining's rules, pure: amounts in minor units (bigint), rates in parts per million, time
 * passed in as epoch ms. The services and the due work call these and nothing else decides.
 *
 * Days (Binance's locked products, a 365-day year: a daily rate is a day's, never annual / 360):
 * a lock made on UTC day D earns from D + 1. Dividend k (1 ... lock_days) is paid on day D + k at the
 * product's dividend time; the principal returns with the last one (maturity). A remaining day is a
 * dividend time still ahead of now, so remaining = lock_days - dividends whose time has come.
 */

export const DAY_MS = 86_400_000;
const PPM = 1_000_000n;
const MINUTE_MS = 60_000;

/** An order's terms, as copied from its product when it was locked. */
export interface LockTerms {
  principalMinor: bigint;
  dailyYieldPpm: number;
  lockDays: number;
  /** Minutes after 00:00 UTC. */
  dividendMinute: number;
  penaltyRatePpm: number;
  lockedAtMs: number;
}

export const utcDayStartMs = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** When dividend `k` (from 1) is paid. */
export const dividendAtMs = (t: Pick<LockTerms, 'lockedAtMs' | 'dividendMinute'>, k: number): number =>
  utcDayStartMs(t.lockedAtMs) + k * DAY_MS + t.dividendMinute * MINUTE_MS;

/** The day dividend `k` is for (UTC yyyy-mm-dd): its natural key with the order's id. */
export const dividendDate = (t: Pick<LockTerms, 'lockedAtMs'>, k: number): string => new Date(utcDayStartMs(t.lockedAtMs) + k * DAY_MS).toISOString().slice(0, 10);

/** Maturity: the last dividend's time. */
export const maturesAtMs = (t: Pick<LockTerms, 'lockedAtMs' | 'dividendMinute' | 'lockDays'>): number => dividendAtMs(t, t.lockDays);

/** How many dividends' times have come by `nowMs` (0 ... lock_days). */
export function daysDue(t: Pick<LockTerms, 'lockedAtMs' | 'dividendMinute' | 'lockDays'>, nowMs: number): number {
  const since = nowMs - (utcDayStartMs(t.lockedAtMs) + t.dividendMinute * MINUTE_MS);
  return Math.min(t.lockDays, Math.max(0, Math.floor(since / DAY_MS)));
}

export const remainingDays = (t: Pick<LockTerms, 'lockedAtMs' | 'dividendMinute' | 'lockDays'>, nowMs: number): number => t.lockDays - daysDue(t, nowMs);

/** principal x daily yield, rounded down to the minor unit: the house never pays a fraction. */
export const dailyDividendMinor = (principalMinor: bigint, dailyYieldPpm: number): bigint => (principalMinor * BigInt(dailyYieldPpm)) / PPM;

/**
 * Section 9: penalty = penalty rate x remaining days x locked amount (0.4 %, 3 days, 1,000 -> 12),
 * rounded up to the minor unit as every charge is, and never more than the principal (0.4 % x 300
 * days would be 1,200 of 1,000).
 */
export function penaltyMinor(principalMinor: bigint, penaltyRatePpm: number, days: number): bigint {
  if (days <= 0 || penaltyRatePpm <= 0) return 0n;
  const raw = principalMinor * BigInt(penaltyRatePpm) * BigInt(days);
  const rounded = (raw + PPM - 1n) / PPM;
  return rounded > principalMinor ? principalMinor : rounded;
}

export interface RedeemQuote {
  remainingDays: number;
  penaltyMinor: bigint;
  returnedMinor: bigint;
}

/** What an early redemption at `nowMs` keeps and returns: the preview and the redemption both ask this. */
export function redeemQuote(t: LockTerms, nowMs: number): RedeemQuote {
  const days = remainingDays(t, nowMs);
  const penalty = penaltyMinor(t.principalMinor, t.penaltyRatePpm, days);
  return { remainingDays: days, penaltyMinor: penalty, returnedMinor: t.principalMinor - penalty };
}

/**
 * Whether dividend due at `dueMs` is paid: while the order is locked, and after it ended for the
 * days whose time had come by then (a run that was behind pays them late, never loses them).
 */
export const dividendPays = (state: string, endedAtMs: number | null, dueMs: number): boolean =>
  state === 'locked' || (endedAtMs !== null && dueMs <= endedAtMs);

/** A product as the lock rules see it. */
export interface ProductRules {
  status: string;
  /** The last day it can be bought, UTC yyyy-mm-dd. */
  expiryDate: string;
  minMinor: bigint;
  maxMinor: bigint | null;
}

/** Bought until the end of its expiry day (UTC). */
export const pastExpiry = (expiryDate: string, nowMs: number): boolean => nowMs >= Date.parse(`${expiryDate}T00:00:00.000Z`) + DAY_MS;

export const purchasable = (p: Pick<ProductRules, 'status' | 'expiryDate'>, nowMs: number): boolean => p.status === 'active' && !pastExpiry(p.expiryDate, nowMs);

/** Why `amountMinor` cannot be locked now, in the order a user can act on it; null when it can. */
export function lockRefusal(p: ProductRules, amountMinor: bigint, availableMinor: bigint, nowMs: number): ErrorCode | null {
  if (p.status === 'ended' || pastExpiry(p.expiryDate, nowMs)) return 'LOCKMING.PRODUCT_ENDED';
  if (p.status !== 'active') return 'LOCKMING.PRODUCT_PAUSED';
  if (amountMinor < p.minMinor) return 'LOCKMING.BELOW_MINIMUM';
  if (p.maxMinor !== null && amountMinor > p.maxMinor) return 'LOCKMING.ABOVE_MAXIMUM';
  if (amountMinor > availableMinor) return 'LOCKMING.INSUFFICIENT_BALANCE';
  return null;
}

export interface LockOutlook {
  dailyDividendMinor: bigint;
  firstDividendAtMs: number;
  maturesAtMs: number;
  totalDividendsMinor: bigint;
}

/** What a lock at `nowMs` brings: the preview shows it, the lock schedules by the same dates. */
export function lockOutlook(t: Omit<LockTerms, 'penaltyRatePpm'>): LockOutlook {
  const daily = dailyDividendMinor(t.principalMinor, t.dailyYieldPpm);
  return { dailyDividendMinor: daily, firstDividendAtMs: dividendAtMs(t, 1), maturesAtMs: maturesAtMs(t), totalDividendsMinor: daily * BigInt(t.lockDays) };
}

/** "08:30" <-> 510 minutes after 00:00 UTC. */
export const minuteToTime = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export function timeToMinute(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
