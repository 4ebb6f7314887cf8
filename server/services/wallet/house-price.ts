import type { DealSize } from '../../domain/deal-walk.ts';
import { ceilDiv, floorDiv } from '../../domain/futures-math.ts';
import { PRICE_DECIMALS, type Priced } from '../../domain/reference-prices.ts';
import { dealPriceOf, type MarkPriceSource } from '../contracts/mark-price-source.ts';
import { pricedOf, type CurrencyRow } from '../currency-service.ts';

/**
 * A currency's price in USDT as a decimal string ("60123.45"), or null when its market has none: what
 * the wallet values holdings at. create-services.ts gives the X/USDT market's mark price: the last
 * trade clamped into the book and smoothed, held while the book is empty, so two accounts trading a
 * crumb with each other on a thin book cannot move it (domain/ticker-mark-price.ts).
 */
export type LivePrice = (symbol: string) => string | null;

/**
 * A currency's price in USDT ticks for one side of a house exchange (`buying`: the user receives it)
 * of `size`, or null when its market has none. create-services.ts gives houseDealPrice.
 */
export type DealPrice = (symbol: string, buying: boolean, size: DealSize, userId: number) => bigint | null;

/**
 * The house deals at the worse for the user of the X/USDT mark, its target and the book walked for the
 * deal's size (dealPriceOf): the mark trails its target by ~10 s and a crumb bought at the ask moves
 * the target, so swapping into a currency at the lagging mark and back once it caught up was a gain
 * bought by waiting, paid by the house, of any size; and a crumb resting at the top of the book set
 * the price of any size the house dealt (tests/server/exchange-market-price.test.ts). The wallet's
 * valuation keeps the plain mark.
 */
export const houseDealPrice = (marks: MarkPriceSource, valuation: string): DealPrice => (symbol, buying, size, userId) =>
  symbol === valuation ? 10n ** BigInt(PRICE_DECIMALS) : dealPriceOf(marks, `${symbol}/${valuation}`, buying, size, userId);

const SCALED_DECIMALS = PRICE_DECIMALS;

/** An amount in a currency's minor units as 10^-8 units (deal-walk.ts qtyScaled), rounded up: a larger deal walks deeper. */
export function scaledQty(amountMinor: bigint, decimals: number): bigint {
  const shift = SCALED_DECIMALS - decimals;
  return shift >= 0 ? amountMinor * 10n ** BigInt(shift) : ceilDiv(amountMinor, 10n ** BigInt(-shift));
}

/** The value of `amountMinor` of a currency priced at `priced`, as a notional of price ticks x qtyScaled, rounded down. */
export function notionalOf(amountMinor: bigint, priced: Priced): bigint {
  return floorDiv(amountMinor * priced.priceTicks * 10n ** BigInt(SCALED_DECIMALS), 10n ** BigInt(priced.decimals));
}

/** A decimal string as price ticks of 10^-8 (further decimals dropped); null when not a positive decimal. */
export function decimalToPriceTicks(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const ticks = BigInt(match[1] ?? '0') * 10n ** BigInt(PRICE_DECIMALS) + BigInt((match[2] ?? '').slice(0, PRICE_DECIMALS).padEnd(PRICE_DECIMALS, '0'));
  return ticks > 0n ? ticks : null;
}

/** The currency at its live price, or at its reference price while its market has none. */
export function pricedLive(currency: CurrencyRow, livePrice: LivePrice): Priced {
  const live = livePrice(currency.symbol);
  return pricedTicks(currency, live === null ? null : decimalToPriceTicks(live));
}

/** The currency at its deal price for one side of `userId`'s exchange of `size`, or at its reference price while its market has none. */
export const pricedDeal = (currency: CurrencyRow, dealPrice: DealPrice, buying: boolean, size: DealSize, userId: number): Priced =>
  pricedTicks(currency, dealPrice(currency.symbol, buying, size, userId));

const pricedTicks = (currency: CurrencyRow, ticks: bigint | null): Priced =>
  ticks === null || ticks <= 0n ? pricedOf(currency) : { decimals: currency.decimals, priceTicks: ticks };
