import { compareDecimal, isDecimalString, multiplyDecimal, roundDecimal, shiftDecimal } from '../../lib/decimal.ts';
import { isOnStep } from '../../lib/order-math.ts';

/** The futures form's small arithmetic on whole lots and decimal strings (never Number for money). */

const WHOLE = /^\d{1,9}$/;

export type LotsProblem = 'invalid' | 'below_min' | 'above_max';

/** Lots are whole numbers between the symbol's min and max. */
export function lotsProblem(raw: string, min: number, max: number): LotsProblem | null {
  const text = raw.trim();
  if (!WHOLE.test(text)) return 'invalid';
  const lots = Number(text);
  if (lots < min) return 'below_min';
  if (lots > max) return 'above_max';
  return null;
}

/** One lot more or less, kept within min and max; an unreadable box starts from min. */
export function stepLots(raw: string, min: number, max: number, direction: 1 | -1): string {
  const text = raw.trim();
  const current = WHOLE.test(text) ? Number(text) : min - direction;
  return String(Math.min(max, Math.max(min, current + direction)));
}

/** A limit price must be a positive price on the tick. */
export function isValidPrice(price: string, tickSize: string): boolean {
  return isDecimalString(price) && compareDecimal(price, '0') > 0 && isOnStep(price, tickSize);
}

/** How much of the base an order of `lots` is: lots x lot size ("3" x "0.01" is "0.03"). */
export function lotsQuantity(lots: number, lotSize: string): string {
  return multiplyDecimal(String(lots), lotSize);
}

/** A fraction such as "1.2534" as percent text with two decimals: "125.34". */
export function fractionToPercent(fraction: string): string {
  if (!isDecimalString(fraction)) return '';
  return roundDecimal(shiftDecimal(fraction, 2), 2);
}

export type RiskLevel = 'safe' | 'warn' | 'danger';

/**
 * How close an account is to liquidation: danger at or below twice the liquidation rate, warn below
 * three times, safe above; safe when nothing is open (null rate).
 */
export function riskLevel(riskRate: string | null, liquidationRate: string): RiskLevel {
  if (riskRate === null || !isDecimalString(riskRate) || !isDecimalString(liquidationRate)) return 'safe';
  if (compareDecimal(riskRate, multiplyDecimal(liquidationRate, '2')) <= 0) return 'danger';
  if (compareDecimal(riskRate, multiplyDecimal(liquidationRate, '3')) < 0) return 'warn';
  return 'safe';
}
