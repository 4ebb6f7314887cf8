/**
 * Amounts are integers of the currency's smallest unit (minor units), stored as decimal-digit text
 * so neither database driver rounds them. These turn them into the wire's decimal strings.
 */
export function minorToDecimal(minor: bigint, decimals: number): string {
  // Most amounts an order answer shows are zero (nothing filled, no fee yet).
  if (minor === 0n) return '0';
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  let end = digits.length;
  while (end > digits.length - decimals && digits.charCodeAt(end - 1) === 48 /* '0' */) end -= 1;
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals, end);
  return (negative ? '-' : '') + whole + (fraction ? '.' + fraction : '');
}

/** The inverse, for seeds and later for input; null when the text has more places than allowed. */
export function decimalToMinor(text: string, decimals: number): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign === '-' ? -minor : minor;
}
