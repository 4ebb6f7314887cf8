const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A bigint as a JS number, for the places that hand ticks or lots to code working in numbers (the
 * matching engine, the simulator). Number() alone would round a value past 2^53 without a word and
 * the book would then trade at a price nobody asked for; this throws instead. `what` names the value
 * in the message ("remaining lots of order 12").
 */
export function toSafeInt(value: bigint | number | string, what: string): number {
  // A database column may come back as a number, a numeric string (PostgreSQL bigint) or a bigint;
  // BigInt() of a fraction or of text that is not a whole number throws too.
  if (typeof value !== 'bigint') value = BigInt(value);
  if (value < MIN_SAFE || value > MAX_SAFE) throw new Error(`${what} ${value.toString()} is outside the safe integer range`);
  return Number(value);
}
