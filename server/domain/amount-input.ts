import type { ErrorCode } from '../../contract/error-codes.ts';
import { failure, success, type Outcome } from './outcome.ts';

/**
 * Amounts arrive as the wire's decimal strings ("0.015") and become integer minor units here, with
 * no float in between. Only plain positive decimals are money: no sign, no exponent ("1e5"), no hex,
 * no "NaN"/"Infinity", no leading zeros ("007"), no bare point (".5", "5."), and no more places than
 * the currency keeps (those would be silently rounded otherwise).
 */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;
/** 10^20 whole units is far beyond any real balance; longer input is noise, not money. */
const MAX_WHOLE_DIGITS = 20;

export const AMOUNT_INVALID: ErrorCode = 'VALID.AMOUNT';
export const AMOUNT_DECIMALS: ErrorCode = 'WALLET.AMOUNT_DECIMALS';

/** A positive amount of a currency with `decimals` places, in minor units; `field` names the input. */
export function parseAmount(raw: string | undefined, decimals: number, field = 'number'): Outcome<bigint> {
  if (raw === undefined) return failure('VALID.REQUIRED', field);
  const match = PLAIN_DECIMAL.exec(raw.trim());
  if (!match) return failure(AMOUNT_INVALID, field);
  const [, whole = '0', fraction = ''] = match;
  if (whole.length > MAX_WHOLE_DIGITS) return failure(AMOUNT_INVALID, field);
  if (fraction.length > decimals) return failure(AMOUNT_DECIMALS, field);
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  return minor > 0n ? success(minor) : failure(AMOUNT_INVALID, field);
}
