/**
 * The 24 h change as the wire shows it: percent with two decimals, a minus sign for falls and none
 * for rises ("1.25", "-0.40", "0.00"), rounded half away from zero in integers.
 */
export function changePct(open: bigint, last: bigint): string {
  if (open <= 0n) return '0.00';
  const numerator = (last - open) * 10_000n;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  // Hundredths of a percent, rounded half up on the magnitude.
  const hundredths = (magnitude * 2n + open) / (open * 2n);
  if (hundredths === 0n) return '0.00';
  const text = hundredths.toString().padStart(3, '0');
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}
