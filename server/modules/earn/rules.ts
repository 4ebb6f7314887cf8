import type { EarnCondition, EarnDirection } from '../../../contract/api/invest.ts';
import type { ErrorCode } from '../../../contract/error-codes.ts';
import { systemAccount, userAccount, type PostingDraft } from '../../domain/ledger.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';

/**
 * The earn products' money rules, pure: time is passed in, integers only. Prices are ticks of 10^-8
 * quote per coin (as contracts keep them); rates are parts per million of 1, annualised; amounts are
 * minor units of their currency. Spec section 9 and contract/api/invest.ts state the rule.
 */

export const EARN_FUND_ACCOUNT = 'financial' as const;
const PRICE_SCALE = 10n ** 8n;
const PPM = 1_000_000n;
const YEAR_DAYS = 365n;
/** The factor 1 + days x rate / 365 as NUM / DEN, so every payout is one floor division. */
const DEN = YEAR_DAYS * PPM;

/** What settles an order: its deposit, the linked (target) price and the terms copied onto it. */
export interface EarnTerms {
  direction: EarnDirection;
  /** Paid now: the coin for sell_high, the quote for buy_low. */
  principalMinor: bigint;
  strikeTicks: bigint;
  ratePpm: number;
  days: number;
  coinDecimals: number;
  quoteDecimals: number;
}

export type PayoutSide = 'coin' | 'quote';

export interface Payout {
  side: PayoutSide;
  /** Rounded down to the minor unit of the side's currency. */
  amountMinor: bigint;
  /** The interest part of it: the payout less the deposit converted at the strike without interest. */
  interestMinor: bigint;
}

const factorNum = (t: EarnTerms): bigint => DEN + BigInt(t.days) * BigInt(t.ratePpm);

/** The deposit, times `num / DEN`, in the currency of `side`, rounded down once. */
function valueIn(t: EarnTerms, side: PayoutSide, num: bigint): bigint {
  const deposit: PayoutSide = t.direction === 'sell_high' ? 'coin' : 'quote';
  if (side === deposit) return (t.principalMinor * num) / DEN;
  const coinUnit = 10n ** BigInt(t.coinDecimals);
  const quoteUnit = 10n ** BigInt(t.quoteDecimals);
  // coin -> quote: A / 10^dc coins x K / 10^8 quote per coin, in quote minor units.
  if (side === 'quote') return (t.principalMinor * t.strikeTicks * quoteUnit * num) / (coinUnit * PRICE_SCALE * DEN);
  // quote -> coin: Q / 10^dq quote / (K / 10^8) coins, in coin minor units.
  return (t.principalMinor * coinUnit * PRICE_SCALE * num) / (quoteUnit * t.strikeTicks * DEN);
}

/** The payout if `side` is what settles (both are shown before buying). */
export function payoutOn(t: EarnTerms, side: PayoutSide): Payout {
  const amountMinor = valueIn(t, side, factorNum(t));
  return { side, amountMinor, interestMinor: amountMinor - valueIn(t, side, DEN) };
}

/**
 * Which side a settlement price picks. At exactly the strike the price has been reached, so the
 * deposit converts: sell high pays the quote (the spec: "otherwise USDT"), buy low pays the coin.
 */
export function settlementSide(direction: EarnDirection, settleTicks: bigint, strikeTicks: bigint): PayoutSide {
  if (direction === 'sell_high') return settleTicks < strikeTicks ? 'coin' : 'quote';
  return settleTicks > strikeTicks ? 'quote' : 'coin';
}

export const settle = (t: EarnTerms, settleTicks: bigint): Payout => payoutOn(t, settlementSide(t.direction, settleTicks, t.strikeTicks));

/** Both outcomes as the preview shows them, with where the price must stand for each. */
export function bothOutcomes(t: EarnTerms): { coin: Payout & { when: EarnCondition }; quote: Payout & { when: EarnCondition } } {
  const sellHigh = t.direction === 'sell_high';
  return {
    coin: { ...payoutOn(t, 'coin'), when: sellHigh ? 'below' : 'at_or_below' },
    quote: { ...payoutOn(t, 'quote'), when: sellHigh ? 'at_or_above' : 'above' },
  };
}

/** The hour of day (UTC) earn orders fix at, as the market leaders do (Binance, Bybit: 08:00 UTC). */
export const FIXING_HOUR_UTC = 8;
/** The settlement price is the mean of this many 1-minute closes before the fixing time. */
export const FIXING_WINDOW_MINUTES = 30;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** An order bought at `at` matures at 08:00 UTC `days` days after its purchase day. */
export function fixingTime(at: Date, days: number): Date {
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  return new Date(day + days * DAY_MS + FIXING_HOUR_UTC * 3_600_000);
}

export const fixingWindowStart = (fixingAt: Date): Date => new Date(fixingAt.getTime() - FIXING_WINDOW_MINUTES * MINUTE_MS);

/** A 1-minute candle as the fixing reads it: its open time and close, in ticks of 10^-8. */
export interface MinuteClose {
  t: number;
  closeTicks: bigint;
}

/**
 * The settlement price: the mean (rounded down) of the closes of the window's minutes, a minute
 * without trades keeping the close before it (`closes` may hold one candle from before the window
 * for that). Null when no trade happened inside the window: the price is then unknown and the
 * settlement waits, it is never guessed from an older price alone.
 */
export function fixingPrice(closes: readonly MinuteClose[], fixingAt: Date): bigint | null {
  const from = fixingWindowStart(fixingAt).getTime();
  const end = fixingAt.getTime();
  const sorted = [...closes].filter((c) => c.t < end).sort((a, b) => a.t - b.t);
  if (!sorted.some((c) => c.t >= from)) return null;
  let sum = 0n;
  let count = 0n;
  let index = 0;
  let current: bigint | null = null;
  for (let minute = from; minute < end; minute += MINUTE_MS) {
    while (index < sorted.length && (sorted[index] as MinuteClose).t <= minute) {
      current = (sorted[index] as MinuteClose).closeTicks;
      index += 1;
    }
    if (current === null) continue;
    sum += current;
    count += 1n;
  }
  return count === 0n ? null : sum / count;
}

/**
 * A share count as typed: required (spec: "Please enter purchase quantity"), a whole number ("Please
 * enter an integer"), at least the minimum and at most what remains. Digits only: no sign, point or
 * exponent; BigInt so a huge number is compared, not rounded.
 */
export function parseShares(raw: string | undefined, minShares: number, remaining: number): Outcome<number> {
  const text = raw?.trim() ?? '';
  if (text === '') return failure('INVEST.QUANTITY_REQUIRED', 'num');
  if (!/^\d+$/.test(text)) return failure('INVEST.QUANTITY_INTEGER', 'num');
  const n = BigInt(text);
  if (n < BigInt(Math.max(1, minShares))) return failure('INVEST.QUANTITY_BELOW_MIN', 'num');
  if (n > BigInt(remaining)) return failure('INVEST.SHARES_UNAVAILABLE', 'num');
  return success(Number(n));
}

const PLAIN_DECIMAL = /^(0|[1-9]\d{0,19})(?:\.(\d+))?$/;

/** A dual deposit as typed, in minor units: required, a plain decimal the currency can hold, within minimum and quota. */
export function parseDualAmount(raw: string | undefined, decimals: number, minMinor: bigint, remainingMinor: bigint): Outcome<bigint> {
  const text = raw?.trim() ?? '';
  if (text === '') return failure('DUAL.AMOUNT_REQUIRED', 'num');
  const match = PLAIN_DECIMAL.exec(text);
  const fraction = match?.[2] ?? '';
  if (!match || fraction.length > decimals) return failure('DUAL.AMOUNT_INVALID', 'num');
  const minor = BigInt((match[1] ?? '0') + fraction.padEnd(decimals, '0'));
  if (minor <= 0n) return failure('DUAL.AMOUNT_INVALID', 'num');
  if (minor < minMinor) return failure('DUAL.AMOUNT_BELOW_MIN', 'num');
  if (minor > remainingMinor) return failure('DUAL.QUOTA_EXCEEDED', 'num');
  return success(minor);
}

/** Journal kinds and the bill's posting kinds. */
export const EARN_KINDS = {
  investBuy: 'invest_buy',
  investSettle: 'invest_settle',
  dualBuy: 'dual_buy',
  dualSettle: 'dual_settle',
} as const;

/** Purchase: the deposit moves from available to frozen in the user's finance account. */
export function purchasePostings(userId: number, currencyId: number, amountMinor: bigint, kind: string): PostingDraft[] {
  const own = userAccount(userId, EARN_FUND_ACCOUNT, currencyId);
  return [
    { account: own, bucket: 'available', amountMinor: -amountMinor, kind },
    { account: own, bucket: 'frozen', amountMinor, kind },
  ];
}

/**
 * Settlement, one journal: the frozen deposit goes to the house, and the house pays the outcome into
 * the user's available finance balance (the house is the counterparty, as for futures and options).
 */
export function settlementPostings(userId: number, depositCurrencyId: number, depositMinor: bigint, payoutCurrencyId: number, payoutMinor: bigint, kind: string): PostingDraft[] {
  const own = (c: number) => userAccount(userId, EARN_FUND_ACCOUNT, c);
  const postings: PostingDraft[] = [
    { account: own(depositCurrencyId), bucket: 'frozen', amountMinor: -depositMinor, kind },
    { account: systemAccount('house', depositCurrencyId), bucket: 'available', amountMinor: depositMinor, kind },
  ];
  if (payoutMinor > 0n) {
    postings.push(
      { account: systemAccount('house', payoutCurrencyId), bucket: 'available', amountMinor: -payoutMinor, kind },
      { account: own(payoutCurrencyId), bucket: 'available', amountMinor: payoutMinor, kind },
    );
  }
  return postings;
}

/** A rate as typed by an operator ("0.12" or "12%") in ppm; null when not a plain decimal in [0, 10). */
export function parseRatePpm(text: string): number | null {
  const percent = text.trim().endsWith('%');
  const match = /^(\d{1,3})(?:\.(\d{1,8}))?$/.exec(text.trim().replace(/%$/, ''));
  if (!match) return null;
  const scaled = BigInt((match[1] ?? '0') + (match[2] ?? '').padEnd(8, '0'));
  // scaled is the number x 10^8; ppm of the fraction is x 10^6 (or x 10^4 for a percentage).
  const ppm = percent ? scaled / 10n ** 4n : scaled / 10n ** 2n;
  return ppm < 10n * PPM ? Number(ppm) : null;
}

export type EarnCode = Extract<ErrorCode, `INVEST.${string}` | `DUAL.${string}`>;
