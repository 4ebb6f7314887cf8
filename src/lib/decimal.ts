/**
 * Decimal strings: the wire carries money, prices and quantities as strings such as "12.50", and
 * the client never turns them into a Number. These helpers work on an exact scaled BigInt instead.
 *
 * The accepted form, enforced by isDecimalString, is deliberately narrow so that two strings with
 * the same value differ at most by trailing fraction zeros:
 *   - an optional "-", then "0" or digits without a leading zero, then optionally "." and 1+ digits;
 *   - rejected: "" " 1" "1 " "+1" "1." ".5" "01" "1e5" "0x10" "NaN" "Infinity" "1_000" "1,5";
 *   - negative zero ("-0", "-0.00") is rejected: a sign on zero carries no value, the server never
 *     sends one, and allowing it would make "-0" and "0" two spellings of the same amount.
 */

interface Scaled {
  /** The value times 10^scale, signed. */
  units: bigint;
  /** Number of fraction digits the units carry. */
  scale: number;
}

const DECIMAL_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const NEGATIVE_ZERO_RE = /^-0(?:\.0+)?$/;

/**
 * True when `s` is a decimal string in the form above; with `maxDecimals`, also when it has at most
 * that many fraction digits (0 means a whole number).
 */
export function isDecimalString(s: unknown, maxDecimals?: number): s is string {
  if (typeof s !== 'string' || !DECIMAL_RE.test(s) || NEGATIVE_ZERO_RE.test(s)) return false;
  if (maxDecimals === undefined) return true;
  const dot = s.indexOf('.');
  return (dot < 0 ? 0 : s.length - dot - 1) <= maxDecimals;
}

function parse(s: string): Scaled {
  if (!isDecimalString(s)) throw new RangeError(`Not a decimal string: ${JSON.stringify(s)}`);
  const dot = s.indexOf('.');
  if (dot < 0) return { units: BigInt(s), scale: 0 };
  return { units: BigInt(s.slice(0, dot) + s.slice(dot + 1)), scale: s.length - dot - 1 };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Writes scaled units back as a decimal string with exactly `scale` fraction digits; never "-0". */
function toDecimalString({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  const body = scale > 0 ? `${int}.${frac}` : int;
  return negative ? `-${body}` : body;
}

function checkDigits(n: number, name: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number >= 0, got ${n}`);
}

function checked(s: string): string {
  if (!isDecimalString(s)) throw new RangeError(`Not a decimal string: ${JSON.stringify(s)}`);
  return s;
}

/**
 * -1, 0 or 1 as |a| < |b|, = or >, for decimal strings without their sign. Compared as text, not as
 * BigInt: the live quote rows compare and round every tick they format, and this form has no
 * leading zeros, so the longer whole part is the larger, and equal whole parts compare digit by
 * digit, the shorter fraction padded with zeros.
 */
function compareMagnitude(a: string, b: string): -1 | 0 | 1 {
  const da = a.indexOf('.');
  const db = b.indexOf('.');
  const ia = da < 0 ? a : a.slice(0, da);
  const ib = db < 0 ? b : b.slice(0, db);
  if (ia.length !== ib.length) return ia.length < ib.length ? -1 : 1;
  if (ia !== ib) return ia < ib ? -1 : 1;
  let fa = da < 0 ? '' : a.slice(da + 1);
  let fb = db < 0 ? '' : b.slice(db + 1);
  if (fa.length < fb.length) fa = fa.padEnd(fb.length, '0');
  else fb = fb.padEnd(fa.length, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/** -1, 0 or 1 as a < b, a = b, a > b. Throws RangeError when either is not a decimal string. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const negA = checked(a).startsWith('-');
  const negB = checked(b).startsWith('-');
  // Negative zero is not a decimal string, so a sign always means below zero.
  if (negA !== negB) return negA ? -1 : 1;
  const magnitude = compareMagnitude(negA ? a.slice(1) : a, negB ? b.slice(1) : b);
  return negA ? ((-magnitude || 0) as -1 | 0 | 1) : magnitude;
}

/**
 * Rounds to exactly `decimals` fraction digits (padding with zeros when shorter), half-up in the
 * money sense: ties go away from zero ("0.125" → "0.13", "-0.125" → "-0.13"). A negative value that
 * rounds to zero comes back as "0.00", never "-0.00".
 */
export function roundDecimal(s: string, decimals: number): string {
  checkDigits(decimals, 'decimals');
  const dot = checked(s).indexOf('.');
  const digits = dot < 0 ? 0 : s.length - dot - 1;
  // Nothing to round (a price at its tick's digits, the usual case): pad, without BigInt work.
  if (digits <= decimals) return (digits === 0 && decimals > 0 ? s + '.' : s) + '0'.repeat(decimals - digits);
  const { units, scale } = parse(s);
  const divisor = pow10(scale - decimals);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return toDecimalString({ units: negative ? -q : q, scale: decimals });
}

/**
 * Multiplies by 10^places exactly by moving the decimal point (negative places divide):
 * shiftDecimal("1234.5", -3) is "1.2345". Keeps every digit; trailing fraction zeros may remain.
 */
export function shiftDecimal(s: string, places: number): string {
  if (!Number.isInteger(places)) throw new RangeError(`places must be a whole number, got ${places}`);
  // Moving the point is text work (no BigInt): compact volumes (K, M) shift on every tick they format.
  const negative = checked(s).startsWith('-');
  const body = negative ? s.slice(1) : s;
  const dot = body.indexOf('.');
  const digits = dot < 0 ? body : body.slice(0, dot) + body.slice(dot + 1);
  const point = (dot < 0 ? body.length : dot) + places;
  let out: string;
  if (point <= 0) out = '0.' + '0'.repeat(-point) + digits;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = digits.slice(0, point) + '.' + digits.slice(point);
  // Leading zeros the point left in the whole part ("005.5" from "0.055" shifted by 2).
  out = out.replace(/^0+(?=\d)/, '');
  return negative ? '-' + out : out;
}

/** The absolute value, as the same string without its sign. */
export function absDecimal(s: string): string {
  checked(s);
  return s.startsWith('-') ? s.slice(1) : s;
}

/** Both values at a common scale, so their units can be added or subtracted exactly. */
function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return [x.units * pow10(scale - x.scale), y.units * pow10(scale - y.scale), scale];
}

/** a + b exactly, at the larger of the two scales: addDecimal("0.1", "0.2") is "0.3". */
export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toDecimalString({ units: x + y, scale });
}

/** a - b exactly, at the larger of the two scales: subtractDecimal("10", "0.25") is "9.75". */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toDecimalString({ units: x - y, scale });
}

/**
 * a × b exactly (the scales add up), so converting an amount at a rate loses nothing; round the
 * result for display: multiplyDecimal("1.5", "7.25") is "10.875".
 */
export function multiplyDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return toDecimalString({ units: x.units * y.units, scale: x.scale + y.scale });
}

/**
 * Cuts to at most `decimals` fraction digits towards zero, never up: what a "use everything"
 * button may fill in without asking for more than there is ("1.239" at 2 is "1.23").
 */
export function truncateDecimal(s: string, decimals: number): string {
  checkDigits(decimals, 'decimals');
  const { units, scale } = parse(s);
  if (scale <= decimals) return s;
  return toDecimalString({ units: units / pow10(scale - decimals), scale: decimals });
}

/** Drops trailing fraction zeros (and a bare point): "12.500" is "12.5", "3.000" is "3". */
export function trimDecimal(s: string): string {
  parse(s);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
