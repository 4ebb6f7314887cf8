import { isDecimalString, shiftDecimal, truncateDecimal } from './decimal.ts';

/**
 * Decimal strings as scaled BigInt units at a fixed scale, for the sums, steps and orderings the
 * trading screens need beyond decimal.ts (division, multiples of a tick). Never Number.
 */

/** Fraction digits of a decimal string: "0.010" is 3, "5" is 0. */
export function fractionDigits(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** s × 10^scale, cut towards zero to a whole number. Throws RangeError on a malformed string. */
export function toUnits(s: string, scale: number): bigint {
  return BigInt(truncateDecimal(shiftDecimal(s, scale), 0).replace(/\.\d*$/, ''));
}

/** Units at `scale` back to a decimal string with exactly `scale` fraction digits. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const body = scale > 0 ? `${int}.${digits.slice(digits.length - scale)}` : int;
  return negative && units !== 0n ? `-${body}` : body;
}

/** A key that orders decimal strings by value (18 fraction digits kept); null when malformed. */
export function orderKey(s: string): bigint | null {
  return isDecimalString(s) ? toUnits(s, 18) : null;
}

/** a ÷ b cut towards zero to `decimals` fraction digits; null when b is zero or either is malformed. */
export function divideDown(a: string, b: string, decimals: number): string | null {
  if (!isDecimalString(a) || !isDecimalString(b)) return null;
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  if (y === 0n) return null;
  return fromUnits((x * 10n ** BigInt(decimals)) / y, decimals);
}

/** part ÷ whole as a percentage with one decimal, for bar widths only (0 when whole is 0). */
export function shareOf(part: string, whole: string): number {
  const ratio = divideDown(part, whole, 3);
  if (ratio === null) return 0;
  return Number(toUnits(ratio, 3)) / 10;
}
