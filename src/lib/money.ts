import { compareDecimal, isDecimalString, multiplyDecimal, roundDecimal, subtractDecimal } from './decimal.ts';

/**
 * Money helpers over decimal strings (never Number): fiat conversion for display and the amount
 * checks of spec section 5 (valid, within the balance, not below a minimum).
 */

/**
 * A USDT valuation in the user's fiat: USDT is taken as USD, and `rate` is units of the fiat per
 * USD. Rounded to `decimals` for display; '' (which formatNumber shows as "--") when either input
 * is not a decimal string.
 */
export function usdtToFiat(usdt: string, rate: string, decimals: number): string {
  if (!isDecimalString(usdt) || !isDecimalString(rate)) return '';
  return roundDecimal(multiplyDecimal(usdt, rate), decimals);
}

export interface FiatFormat {
  symbol: string;
  decimals: number;
}

/**
 * What Intl says (narrow symbol, fraction digits) for the fiat codes of contract/api/wallet.ts
 * FIAT_CODES, written out: the first `new Intl.NumberFormat` of a page loads ICU data, 30 ms of main
 * thread here and 125 ms on a phone 4x slower, right before the assets total can show. Japanese
 * writes the yen sign full width. money.test.ts checks this table against Intl for all nine locales.
 */
export const KNOWN_FIAT_FORMATS: Readonly<Record<string, FiatFormat>> = {
  USD: { symbol: '$', decimals: 2 },
  CNY: { symbol: '¥', decimals: 2 },
  GBP: { symbol: '£', decimals: 2 },
  HKD: { symbol: '$', decimals: 2 },
  JPY: { symbol: '¥', decimals: 0 },
  EUR: { symbol: '€', decimals: 2 },
  AED: { symbol: 'AED', decimals: 2 },
  THB: { symbol: '฿', decimals: 2 },
  PHP: { symbol: '₱', decimals: 2 },
  SGD: { symbol: '$', decimals: 2 },
  VND: { symbol: '₫', decimals: 0 },
};
const KNOWN_BY_LOCALE: Readonly<Record<string, Readonly<Record<string, FiatFormat>>>> = {
  ja: { CNY: { symbol: '￥', decimals: 2 }, JPY: { symbol: '￥', decimals: 0 } },
};

/** The symbol and fraction digits Intl uses for a fiat code in `localeTag` ("¥" and 0 for JPY). */
export function fiatFormat(code: string, localeTag: string): FiatFormat {
  const known = KNOWN_BY_LOCALE[localeTag]?.[code] ?? KNOWN_FIAT_FORMATS[code];
  return known ?? intlFiatFormat(code, localeTag);
}

/** Intl's answer (exported for the test that keeps the table true). */
export function intlFiatFormat(code: string, localeTag: string): FiatFormat {
  try {
    const nf = new Intl.NumberFormat(localeTag, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
    const symbol = nf.formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
    return { symbol, decimals: nf.resolvedOptions().maximumFractionDigits ?? 2 };
  } catch {
    return { symbol: code, decimals: 2 };
  }
}

/** A balance worth less than this many USDT counts as small (the "hide small balances" switch). */
export const SMALL_BALANCE_USDT = '1';

export function isSmallBalance(convertedUsdt: string): boolean {
  return !isDecimalString(convertedUsdt) || compareDecimal(convertedUsdt, SMALL_BALANCE_USDT) < 0;
}

/**
 * Why an amount cannot be sent, in the order the user should fix it: not a positive number with at
 * most `decimals` places ("Please enter the correct amount"), below the minimum, above what is
 * available ("Insufficient balance").
 */
export type AmountProblem = 'invalid' | 'below_min' | 'insufficient';

export function checkAmount(amount: string, limits: { decimals: number; available?: string; min?: string }): AmountProblem | null {
  if (!isDecimalString(amount, limits.decimals) || compareDecimal(amount, '0') <= 0) return 'invalid';
  if (limits.min !== undefined && isDecimalString(limits.min) && compareDecimal(amount, limits.min) < 0) return 'below_min';
  if (limits.available !== undefined && (!isDecimalString(limits.available) || compareDecimal(amount, limits.available) > 0)) return 'insufficient';
  return null;
}

/**
 * What a user types into an amount box, made into the strict decimal form: trims spaces, takes a
 * comma as the decimal mark (as many keyboards type it), and drops leading zeros ("007.5" → "7.5").
 * Anything still odd is returned as is, for checkAmount to refuse.
 */
export function normaliseAmountInput(raw: string): string {
  let s = raw.trim().replace(',', '.');
  if (/^\d+(\.\d*)?$/.test(s)) {
    s = s.replace(/^0+(?=\d)/, '');
    if (s.endsWith('.')) s = s.slice(0, -1);
  }
  if (s.startsWith('.')) s = '0' + s;
  return s;
}

/**
 * Fraction digits to show an amount with: its own digits without trailing zeros, at least `min`
 * and at most `max` ("0.00012345" BTC keeps 8, "12.5" USDT shows 2), so small balances never
 * show as 0.00 and large ones stay short.
 */
export function displayDecimals(value: string, min = 2, max = 8): number {
  if (!isDecimalString(value)) return min;
  const dot = value.indexOf('.');
  const own = dot < 0 ? 0 : value.slice(dot + 1).replace(/0+$/, '').length;
  return Math.min(max, Math.max(min, own));
}

/** What can be sent when a fixed fee comes on top of the amount: available - fee, never below "0". */
export function maxAfterFee(available: string, fee: string): string {
  if (!isDecimalString(available) || !isDecimalString(fee)) return '0';
  const left = subtractDecimal(available, fee);
  return compareDecimal(left, '0') > 0 ? left : '0';
}
