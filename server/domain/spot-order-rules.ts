import type { OrderKind, OrderSide } from '../../contract/api/market.ts';
import { parseAmount } from './amount-input.ts';
import { failure, success, type Outcome } from './outcome.ts';
import { notionalMinor, PPM, type SpotSymbolRules } from './spot-symbol-rules.ts';

/**
 * The rules an order must meet before it reaches the book. Amount and price arrive as the wire's
 * decimal strings and go through the same plain-decimal rules as every other amount
 * (amount-input.ts: no sign, exponent, hex, NaN, Infinity ...); then they must be whole multiples
 * of the pair's lot and tick sizes, and a limit order's value must reach the pair's minimum.
 */
export interface OrderRequest {
  side: OrderSide;
  kind: OrderKind;
  /** 0 for a market order. */
  priceTicks: number;
  lots: number;
}

export interface OrderText {
  /** 'buy' | 'sell' (also '1' buy, '2' sell). */
  side: string | undefined;
  amount: string | undefined;
  /** Absent or empty: a market order. */
  price: string | undefined;
}

/** An order's lots stay far inside safe integers, so a price level's sum of lots does too. */
export const MAX_ORDER_LOTS = 1_000_000_000_000;
/** Ticks are stored as a 32-bit integer column. */
export const MAX_PRICE_TICKS = 2_000_000_000;
/** A user's open orders per pair: enough for any ladder, bounded so one account cannot bloat a book. */
export const OPEN_ORDERS_MAX = 500;
/** Prices are read at up to this many places before the tick check (anything finer is off the tick anyway). */
const PRICE_PLACES = 18;

export function parseSide(raw: string | undefined): Outcome<OrderSide> {
  const value = raw?.trim().toLowerCase();
  if (value === undefined) return failure('VALID.REQUIRED', 'type');
  if (value === 'buy' || value === '1') return success('buy');
  if (value === 'sell' || value === '2') return success('sell');
  return failure('COMMON.PARAM_INVALID', 'type');
}

/** The amount in lots: ORDER.AMOUNT_LOT when it is not a whole number of lots. */
export function parseLots(r: SpotSymbolRules, text: string | undefined, field = 'amount'): Outcome<number> {
  const minor = parseAmount(text, r.baseDecimals, field);
  if (!minor.ok) return minor;
  if (minor.value % r.lotMinor !== 0n) return failure('ORDER.AMOUNT_LOT', field);
  const lots = minor.value / r.lotMinor;
  return lots <= BigInt(MAX_ORDER_LOTS) ? success(Number(lots)) : failure('ORDER.TOO_LARGE', field);
}

/** The limit price in ticks: ORDER.PRICE_INVALID for a malformed price, ORDER.PRICE_TICK off the tick grid. */
export function parsePriceTicks(r: SpotSymbolRules, text: string | undefined, field = 'target_price'): Outcome<number> {
  const scaled = parseAmount(text, PRICE_PLACES, field);
  if (!scaled.ok) return failure(scaled.code === 'WALLET.AMOUNT_DECIMALS' ? 'ORDER.PRICE_TICK' : scaled.code === 'VALID.REQUIRED' ? 'VALID.REQUIRED' : 'ORDER.PRICE_INVALID', field);
  const tick = r.tickUnits * 10n ** BigInt(PRICE_PLACES - r.tickPlaces);
  if (scaled.value % tick !== 0n) return failure('ORDER.PRICE_TICK', field);
  const ticks = scaled.value / tick;
  return ticks <= BigInt(MAX_PRICE_TICKS) ? success(Number(ticks)) : failure('ORDER.PRICE_INVALID', field);
}

/** Side, amount and (for a limit order) price, checked against the pair's rules; limit orders also against the minimum value. */
export function parseOrder(r: SpotSymbolRules, text: OrderText): Outcome<OrderRequest> {
  const side = parseSide(text.side);
  if (!side.ok) return side;
  const lots = parseLots(r, text.amount);
  if (!lots.ok) return lots;
  if (text.price === undefined || text.price.trim() === '') return success({ side: side.value, kind: 'market', priceTicks: 0, lots: lots.value });
  const ticks = parsePriceTicks(r, text.price);
  if (!ticks.ok) return ticks;
  if (notionalMinor(r, ticks.value, lots.value) < r.minNotionalMinor) return failure('ORDER.MIN_NOTIONAL', 'amount');
  return success({ side: side.value, kind: 'limit', priceTicks: ticks.value, lots: lots.value });
}

/**
 * What an order freezes. A buy holds quote: price x amount for a limit order (its fee is taken
 * from the base it receives, so nothing more); a sell holds its base amount. A market buy's hold is
 * sized from the book by the order service (marketBuyHold).
 */
export function limitHoldMinor(r: SpotSymbolRules, side: OrderSide, priceTicks: number, lots: number): bigint {
  return side === 'buy' ? notionalMinor(r, priceTicks, lots) : BigInt(lots) * r.lotMinor;
}

/** A fee on `amount` at `ppm`, rounded up to the minor unit (never understated), at most the amount. */
export function feeOf(amount: bigint, ppm: number): bigint {
  if (amount <= 0n || ppm <= 0) return 0n;
  const fee = (amount * BigInt(ppm) + BigInt(PPM - 1)) / BigInt(PPM);
  return fee > amount ? amount : fee;
}
