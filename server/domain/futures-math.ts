import type { PositionSide } from '../../contract/api/contracts.ts';
import { PRICE_DECIMALS } from './reference-prices.ts';

/**
 * Futures arithmetic in integers only. Units:
 *  - prices are ticks of 10^-8 quote units (`*Ticks`, PRICE_DECIMALS, the reference prices' scale);
 *  - a position's quantity is lots x lot size in units of 10^-8 of the base asset (`qtyScaled`);
 *  - money is minor units of the margin (quote) currency (`*Minor`);
 *  - rates are parts per million (`*Ppm`): 500 ppm = 0.05 %.
 * price x quantity is then in 10^-16 quote units; dividing by 10^(16 - quote decimals) gives minor
 * units. Rounding always favours the house by less than one minor unit: margins and fees round up,
 * PnL rounds down (a loss of 0.3 minor units costs 1).
 */

export const LOT_DECIMALS = 8;
export const PPM = 1_000_000n;

/** 10^(price decimals + lot decimals - quote decimals): price x quantity / this = minor units. */
export function valueScale(quoteDecimals: number): bigint {
  const exponent = PRICE_DECIMALS + LOT_DECIMALS - quoteDecimals;
  if (exponent < 0) throw new Error(`quote currency with ${quoteDecimals} decimals is finer than price x lot`);
  return 10n ** BigInt(exponent);
}

export const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return (a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? q - 1n : q;
};
export const ceilDiv = (a: bigint, b: bigint): bigint => -floorDiv(-a, b);

export const direction = (side: PositionSide): bigint => (side === 'long' ? 1n : -1n);

/** lots x lot size, in 10^-8 base units. */
export const quantityScaled = (lots: number, lotSizeScaled: bigint): bigint => BigInt(lots) * lotSizeScaled;

/** price x quantity in minor units, rounded down (what the screen shows as the notional). */
export const notionalMinor = (priceTicks: bigint, qtyScaled: bigint, quoteDecimals: number): bigint =>
  floorDiv(priceTicks * qtyScaled, valueScale(quoteDecimals));

/** open price x lots x lot size / multiple, rounded up. */
export const marginMinor = (openTicks: bigint, qtyScaled: bigint, multiple: number, quoteDecimals: number): bigint =>
  ceilDiv(openTicks * qtyScaled, valueScale(quoteDecimals) * BigInt(multiple));

/** price x lots x lot size x rate, rounded up: the handling fee (open and close) and the overnight fee. */
export const feeMinor = (priceTicks: bigint, qtyScaled: bigint, ratePpm: number, quoteDecimals: number): bigint =>
  ceilDiv(priceTicks * qtyScaled * BigInt(ratePpm), valueScale(quoteDecimals) * PPM);

/** (mark - open) x quantity for a long, (open - mark) x quantity for a short; rounded down. */
export const pnlMinor = (side: PositionSide, openTicks: bigint, markTicks: bigint, qtyScaled: bigint, quoteDecimals: number): bigint =>
  floorDiv(direction(side) * (markTicks - openTicks) * qtyScaled, valueScale(quoteDecimals));

/** The risk rate as parts per million of the used margin (rounded down); null when no margin is used. */
export function riskRatePpm(equityMinor: bigint, usedMarginMinor: bigint): bigint | null {
  return usedMarginMinor > 0n ? floorDiv(equityMinor * PPM, usedMarginMinor) : null;
}

/** Liquidation is due when equity / used margin is at or below the liquidation rate. */
export function isLiquidatable(equityMinor: bigint, usedMarginMinor: bigint, liquidationPpm: number): boolean {
  return usedMarginMinor > 0n && equityMinor * PPM <= BigInt(liquidationPpm) * usedMarginMinor;
}

export interface LiquidationInput {
  side: PositionSide;
  openTicks: bigint;
  qtyScaled: bigint;
  quoteDecimals: number;
  /** The account's equity without this position's unrealised PnL (other marks held where they are). */
  equityWithoutMinor: bigint;
  /** The account's used margin including this position. */
  usedMarginMinor: bigint;
  liquidationPpm: number;
}

/**
 * The mark at which equity / used margin reaches the liquidation rate when only this position's price
 * moves: equityWithout + dir x (P - open) x qty / scale = rate x used, so
 * P = open + dir x (rate x used - equityWithout) x scale / qty. Rounded towards the position (down for a
 * long, up for a short); null when no positive price reaches it (a long covered all the way to zero).
 */
export function liquidationPriceTicks(x: LiquidationInput): bigint | null {
  if (x.qtyScaled <= 0n) return null;
  const numerator = (BigInt(x.liquidationPpm) * x.usedMarginMinor - x.equityWithoutMinor * PPM) * valueScale(x.quoteDecimals);
  const denominator = x.qtyScaled * PPM;
  const price = x.side === 'long' ? x.openTicks + floorDiv(numerator, denominator) : x.openTicks - floorDiv(numerator, denominator);
  return price > 0n ? price : null;
}

/** Whether TP/SL prices sit on the right sides of the reference (the mark, or a limit order's price). */
export function stopsProblem(side: PositionSide, referenceTicks: bigint, tpTicks: bigint | null, slTicks: bigint | null): 'tp' | 'sl' | null {
  const d = direction(side);
  if (tpTicks !== null && d * (tpTicks - referenceTicks) <= 0n) return 'tp';
  if (slTicks !== null && d * (referenceTicks - slTicks) <= 0n) return 'sl';
  return null;
}

/** Which stop the mark has reached, if any: a long's TP at or above, its SL at or below; mirrored for a short. */
export function stopTriggered(side: PositionSide, markTicks: bigint, tpTicks: bigint | null, slTicks: bigint | null): 'tp' | 'sl' | null {
  const d = direction(side);
  if (slTicks !== null && d * (markTicks - slTicks) <= 0n) return 'sl';
  if (tpTicks !== null && d * (markTicks - tpTicks) >= 0n) return 'tp';
  return null;
}

/** A limit long opens when the mark is at or below its price, a limit short at or above. */
export const limitReached = (side: PositionSide, markTicks: bigint, limitTicks: bigint): boolean => direction(side) * (markTicks - limitTicks) <= 0n;

/**
 * Where a deal the user times (a market open, a manual close, a house exchange) happens: of the mark,
 * the target it is smoothing towards and the book's price for the deal's size (deal-walk.ts
 * walkedTicks: the asks' average to buy, the bids' to sell), the worse for the user. The mark trails
 * its public target by ~10 s, so a long opened at a mark below its target (or closed at one above it)
 * would be a gain bought by waiting, paid by the house, and within the spread a crumb trade moves the
 * target. Buying is a long's open and a short's close. Null `bookTicks` (no book): mark and target only.
 */
export function dealTicks(buying: boolean, markTicks: bigint, targetTicks: bigint, bookTicks: bigint | null = null): bigint {
  const pick = (a: bigint, b: bigint) => (buying ? (a > b ? a : b) : (a < b ? a : b));
  return pick(pick(markTicks, targetTicks), bookTicks ?? markTicks);
}
