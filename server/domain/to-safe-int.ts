const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A bigint as a JS number, for the places that hand ticks or lots to code working in numbers (the
 * matching engine, the simulator). Number() alone would round a value past 2^53 without a word and
 * the book would then trade at a price nobody asked for; this throws instead. `what` names the value
 * in the message ("remaining lots of order 12").
 */
export function toSafeInt(value: bigint, what: string): number {
  if (value < MIN_SAFE || value > MAX_SAFE) throw new Error(`${what} ${value.toString()} is outside the safe integer range`);
  return Number(value);
}
