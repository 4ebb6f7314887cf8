import { compareDecimal, isDecimalString, multiplyDecimal, shiftDecimal } from './decimal.ts';
import { divideDown, fractionDigits, fromUnits, toUnits } from './decimal-units.ts';

/**
 * The coin trading form's arithmetic on decimal strings: ticks and lots, percent of the balance,
 * total and fee, and the checks of sections 5 and 8 before an order is sent.
 */

export type Side = 'buy' | 'sell';

/** Whether `value` is a whole number of `step`s ("0.35" on "0.05" yes, "0.33" no). */
export function isOnStep(value: string, step: string): boolean {
  if (!isDecimalString(value) || !isDecimalString(step)) return false;
  const scale = Math.max(fractionDigits(value), fractionDigits(step));
  const s = toUnits(step, scale);
  return s > 0n && toUnits(value, scale) % s === 0n;
}

/** `value` cut down to a whole number of `step`s, written with the step's digits ("1.239" on "0.01" is "1.23"). */
export function floorToStep(value: string, step: string): string {
  const digits = fractionDigits(step);
  const scale = Math.max(fractionDigits(value), digits);
  const s = toUnits(step, scale);
  const v = toUnits(value, scale);
  if (s <= 0n) return value;
  const floored = v >= 0n ? (v / s) * s : -((-v + s - 1n) / s) * s;
  return fromUnits(floored / 10n ** BigInt(scale - digits), digits);
}

/** One step up or down from `value` (snapped to the step first), never below zero. */
export function stepBy(value: string, step: string, direction: 1 | -1): string {
  const digits = fractionDigits(step);
  const base = isDecimalString(value) && compareDecimal(value, '0') >= 0 ? floorToStep(value, step) : fromUnits(0n, digits);
  const scale = Math.max(fractionDigits(base), digits);
  const next = toUnits(base, scale) + BigInt(direction) * toUnits(step, scale);
  return fromUnits(next < 0n ? 0n : next, scale);
}

export const PERCENTS = [25, 50, 75, 100] as const;
export type Percent = (typeof PERCENTS)[number];

/** pct % of `value`, exactly: percentOf("10.01", 25) is "2.5025". */
export function percentOf(value: string, pct: Percent): string {
  return multiplyDecimal(value, shiftDecimal(String(pct), -2));
}

/**
 * The amount (base currency, on the lot) that pct % of the available balance buys or sells: a buy
 * spends pct % of the quote balance at `price`; a sell offers pct % of the base balance. "0" when
 * nothing fits or the price is unknown.
 */
export function amountForPercent(o: { side: Side; pct: Percent; availableBase: string; availableQuote: string; price: string; lotSize: string }): string {
  const zero = fromUnits(0n, fractionDigits(o.lotSize));
  if (o.side === 'sell') return isDecimalString(o.availableBase) ? floorToStep(percentOf(o.availableBase, o.pct), o.lotSize) : zero;
  if (!isDecimalString(o.availableQuote) || !isDecimalString(o.price) || compareDecimal(o.price, '0') <= 0) return zero;
  const amount = divideDown(percentOf(o.availableQuote, o.pct), o.price, fractionDigits(o.lotSize));
  return amount === null ? zero : floorToStep(amount, o.lotSize);
}

/** price × amount in the quote currency, exactly. */
export function orderTotal(price: string, amount: string): string {
  return multiplyDecimal(price, amount);
}

/**
 * The fee at `rate` (a fraction: "0.001" is 0.1 %): a buy pays it in the base currency it
 * receives, a sell in the quote currency it receives (contract SpotOrder.fee).
 */
export function orderFee(side: Side, amount: string, total: string, rate: string): { fee: string; inQuote: boolean } {
  return side === 'buy' ? { fee: multiplyDecimal(amount, rate), inQuote: false } : { fee: multiplyDecimal(total, rate), inQuote: true };
}

export type OrderProblem = 'price' | 'amount' | 'min_notional' | 'insufficient';

export interface OrderCheck {
  side: Side;
  kind: 'limit' | 'market';
  /** The limit price; for a market order the price the total is estimated at (last or best). */
  price: string;
  amount: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  availableBase: string;
  availableQuote: string;
}

/**
 * What is wrong with an order, in the order the user should fix it: the price ("Please enter the
 * correct price": positive, on the tick), the amount ("Please enter the correct amount": positive,
 * on the lot), the minimum order value, then the balance ("Insufficient balance"). A market order's
 * price is an estimate, so it is only used for the value and the buy balance check.
 */
export function checkOrder(o: OrderCheck): OrderProblem | null {
  const priceOk = isDecimalString(o.price) && compareDecimal(o.price, '0') > 0;
  if (o.kind === 'limit' && (!priceOk || !isOnStep(o.price, o.tickSize))) return 'price';
  if (!isDecimalString(o.amount) || compareDecimal(o.amount, '0') <= 0 || !isOnStep(o.amount, o.lotSize)) return 'amount';
  const total = priceOk ? orderTotal(o.price, o.amount) : null;
  if (total !== null && compareDecimal(total, o.minNotional) < 0) return 'min_notional';
  if (o.side === 'sell') {
    if (!isDecimalString(o.availableBase) || compareDecimal(o.amount, o.availableBase) > 0) return 'insufficient';
  } else if (total !== null && (!isDecimalString(o.availableQuote) || compareDecimal(total, o.availableQuote) > 0)) {
    return 'insufficient';
  }
  return null;
}
