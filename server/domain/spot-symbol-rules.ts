import type { MarketCategory, MarketSymbol } from '../../contract/api/market.ts';
import { minorToDecimal } from './minor-units.ts';

/**
 * A trading pair's static rules in integers. A price is an integer number of ticks and an amount an
 * integer number of lots, so the quote value of a fill is ticks x lots x unitMinor quote minor units
 * exactly: the symbol's tick and lot sizes are chosen so that one lot at one tick is a whole number
 * of the quote currency's minor units (checked here; the seed refuses a symbol that breaks it).
 */
export interface SpotSymbolRules {
  id: number;
  /** "BTC/USDT". */
  symbol: string;
  base: string;
  quote: string;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  baseDecimals: number;
  quoteDecimals: number;
  category: MarketCategory;
  image: string;
  /** "0.1". */
  tickSize: string;
  /** The tick is tickUnits x 10^-tickPlaces. */
  tickPlaces: number;
  tickUnits: bigint;
  /** Base minor units in one lot. */
  lotMinor: bigint;
  /** Quote minor units of one lot at one tick. */
  unitMinor: bigint;
  minNotionalMinor: bigint;
  makerFeePpm: number;
  takerFeePpm: number;
  sort: number;
}

export interface SymbolDefinition {
  id: number;
  base: { id: number; symbol: string; decimals: number; image: string };
  quote: { id: number; symbol: string; decimals: number };
  category: MarketCategory;
  tickSize: string;
  lotMinor: bigint;
  minNotionalMinor: bigint;
  makerFeePpm: number;
  takerFeePpm: number;
  sort: number;
}

export const PPM = 1_000_000;
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** "0.05" -> { places: 2, units: 5n }; null for anything but a positive plain decimal. */
export function parseStep(text: string): { places: number; units: bigint } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  const units = BigInt((match[1] ?? '0') + fraction);
  return units > 0n ? { places: fraction.length, units } : null;
}

/** The rules of a definition, or why it cannot be traded exactly (a seeding mistake). */
export function symbolRulesOf(def: SymbolDefinition): { ok: true; rules: SpotSymbolRules } | { ok: false; problem: string } {
  const name = `${def.base.symbol}/${def.quote.symbol}`;
  const tick = parseStep(def.tickSize);
  if (!tick) return { ok: false, problem: `${name}: tick size ${def.tickSize} is not a positive decimal` };
  if (def.lotMinor <= 0n) return { ok: false, problem: `${name}: lot size must be at least one minor unit` };
  const numerator = def.lotMinor * tick.units * pow10(def.quote.decimals);
  const denominator = pow10(def.base.decimals + tick.places);
  if (numerator % denominator !== 0n || numerator / denominator < 1n) {
    return { ok: false, problem: `${name}: one lot at one tick is not a whole number of ${def.quote.symbol} minor units` };
  }
  for (const fee of [def.makerFeePpm, def.takerFeePpm]) {
    if (!Number.isInteger(fee) || fee < 0 || fee >= PPM) return { ok: false, problem: `${name}: fee ${fee} ppm out of range` };
  }
  return {
    ok: true,
    rules: {
      id: def.id, symbol: name, base: def.base.symbol, quote: def.quote.symbol, baseCurrencyId: def.base.id, quoteCurrencyId: def.quote.id,
      baseDecimals: def.base.decimals, quoteDecimals: def.quote.decimals, category: def.category, image: def.base.image,
      tickSize: def.tickSize, tickPlaces: tick.places, tickUnits: tick.units, lotMinor: def.lotMinor, unitMinor: numerator / denominator,
      minNotionalMinor: def.minNotionalMinor, makerFeePpm: def.makerFeePpm, takerFeePpm: def.takerFeePpm, sort: def.sort,
    },
  };
}

/** Ticks as the wire's price string ("60000.1"). */
export const ticksToPrice = (r: SpotSymbolRules, ticks: number | bigint): string => minorToDecimal(BigInt(ticks) * r.tickUnits, r.tickPlaces);

/** A price given in whole quote units per base unit at 8 places (reference-prices.ts) as ticks, rounded to the nearest tick. */
export function ticksFromPrice8(r: SpotSymbolRules, price8: bigint): number {
  const scaled = price8 * pow10(r.tickPlaces);
  const perTick = r.tickUnits * pow10(8);
  return Number((scaled + perTick / 2n) / perTick);
}

export const lotsToMinor = (r: SpotSymbolRules, lots: number | bigint): bigint => BigInt(lots) * r.lotMinor;
export const baseText = (r: SpotSymbolRules, minor: bigint): string => minorToDecimal(minor, r.baseDecimals);
export const quoteText = (r: SpotSymbolRules, minor: bigint): string => minorToDecimal(minor, r.quoteDecimals);

/** Quote minor units of `lots` at `ticks`. */
export const notionalMinor = (r: SpotSymbolRules, ticks: number | bigint, lots: number | bigint): bigint => BigInt(ticks) * BigInt(lots) * r.unitMinor;

/** "0.001" for 1000 ppm. */
export const feeRateText = (ppm: number): string => minorToDecimal(BigInt(ppm), 6);

/** The wire's description of a pair. */
export function marketSymbolOf(r: SpotSymbolRules): MarketSymbol {
  return {
    symbol: r.symbol, base: r.base, quote: r.quote, currency_id: r.baseCurrencyId, legal_id: r.quoteCurrencyId, category: r.category,
    tick_size: r.tickSize, lot_size: baseText(r, r.lotMinor), min_notional: quoteText(r, r.minNotionalMinor),
    maker_fee: feeRateText(r.makerFeePpm), taker_fee: feeRateText(r.takerFeePpm), image: r.image,
  };
}

/**
 * The average fill price at two places beyond the tick, rounded down: quote filled per base filled.
 * "0" before the first fill.
 */
export function averagePrice(r: SpotSymbolRules, filledBaseMinor: bigint, filledQuoteMinor: bigint): string {
  if (filledBaseMinor <= 0n) return '0';
  const places = r.tickPlaces + 2;
  const scaled = (filledQuoteMinor * pow10(r.baseDecimals + places)) / (filledBaseMinor * pow10(r.quoteDecimals));
  return minorToDecimal(scaled, places);
}
