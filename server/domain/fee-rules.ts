/**
 * Fees in basis points (1 bp = 0.01 %), always rounded up to the currency's minor unit so a fee is
 * never zero by rounding when the rate is not. Changing a rate here changes what quotes show and what
 * the ledger books, in one place.
 */
export const TRANSFER_FEE_BPS = 10n;
export const EXCHANGE_FEE_BPS = 20n;
const BPS = 10_000n;

export function feeFor(amountMinor: bigint, feeBps: bigint): bigint {
  if (amountMinor <= 0n || feeBps <= 0n) return 0n;
  return (amountMinor * feeBps + BPS - 1n) / BPS;
}

export interface FeeSplit {
  fee: bigint;
  /** What arrives after the fee; zero or less means the amount cannot cover its fee. */
  receive: bigint;
}

/** A transfer to another user: the fee comes out of the amount sent. */
export function transferSplit(amountMinor: bigint): FeeSplit {
  const fee = feeFor(amountMinor, TRANSFER_FEE_BPS);
  return { fee, receive: amountMinor - fee };
}

/** An exchange: the fee comes out of what the house gives. */
export function exchangeSplit(grossMinor: bigint): FeeSplit {
  const fee = feeFor(grossMinor, EXCHANGE_FEE_BPS);
  return { fee, receive: grossMinor - fee };
}
