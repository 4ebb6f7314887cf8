import type { ErrorCode } from '../../contract/error-codes.ts';
import { minorToDecimal } from './minor-units.ts';
import { failure, success, type Outcome } from './outcome.ts';
import { PRICE_DECIMALS } from './reference-prices.ts';

/** Contract prices are integer ticks of 10^-8 quote units; the wire carries them as decimal strings. */

export const ticksToText = (ticks: bigint): string => minorToDecimal(ticks, PRICE_DECIMALS);

/** A price the market publishes ("60123.45"); places beyond 8 are cut (never rounded up). Null when not a positive decimal. */
export function priceTextToTicks(text: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const ticks = BigInt((match[1] ?? '0') + (match[2] ?? '').slice(0, PRICE_DECIMALS).padEnd(PRICE_DECIMALS, '0'));
  return ticks > 0n ? ticks : null;
}

const PLAIN_PRICE = /^(0|[1-9]\d{0,14})(?:\.(\d+))?$/;

/**
 * A price a user typed (limit, take-profit, stop-loss): a plain positive decimal that is a whole
 * number of the symbol's tick size. `code` is the error for anything else.
 */
export function parsePriceInput(raw: string, tickTicks: bigint, field: string, code: ErrorCode = 'CONTRACT.PRICE_INVALID'): Outcome<bigint> {
  const match = PLAIN_PRICE.exec(raw.trim());
  if (!match) return failure(code, field);
  const fraction = match[2] ?? '';
  if (fraction.length > PRICE_DECIMALS) return failure(code, field);
  const ticks = BigInt((match[1] ?? '0') + fraction.padEnd(PRICE_DECIMALS, '0'));
  if (ticks <= 0n || (tickTicks > 0n && ticks % tickTicks !== 0n)) return failure(code, field);
  return success(ticks);
}

/** A tick size such as "0.01" in ticks (10^-8); 1 tick when it is not a decimal we can hold. */
export function tickSizeTicks(text: string): bigint {
  return priceTextToTicks(text) ?? 1n;
}

/** A rate in ppm as the wire's decimal fraction: 500 -> "0.0005". */
export const ppmToText = (ppm: number | bigint): string => minorToDecimal(BigInt(ppm), 6);
