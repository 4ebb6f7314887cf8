import { PRICE_DECIMALS, type Priced } from '../../domain/reference-prices.ts';
import { pricedOf, type CurrencyRow } from '../currency-service.ts';

/**
 * A currency's price in USDT as a decimal string ("60123.45"), or null when its market has none.
 * create-services.ts gives the X/USDT market's mark price: the last trade clamped into the book and
 * smoothed, held while the book is empty, so two accounts trading a crumb with each other on a thin
 * book cannot move what the house pays (domain/ticker-mark-price.ts).
 */
export type LivePrice = (symbol: string) => string | null;

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
  const ticks = live === null ? null : decimalToPriceTicks(live);
  return ticks === null ? pricedOf(currency) : { decimals: currency.decimals, priceTicks: ticks };
}
