import { useStore } from '@nanostores/react';
import { fractionDigits } from '../../lib/decimal-units.ts';
import { formatNumber, formatShortAmount } from '../../lib/format-number.ts';
import { displayDecimals } from '../../lib/money.ts';
import { $localeTag } from '../../stores/lang.ts';

/**
 * Formatted figures, remembered: live rows format the same prices over and over (a price moves by
 * a tick or two), and formatting works on BigInt. Cleared when full, which is cheap and rare.
 */
const CACHE_MAX = 4000;
const cache = new Map<string, string>();
function cached(key: string, make: () => string): string {
  let text = cache.get(key);
  if (text === undefined) {
    if (cache.size >= CACHE_MAX) cache.clear();
    text = make();
    cache.set(key, text);
  }
  return text;
}

/** Prices with the pair's tick digits, amounts with their own, volumes compact; all in the reader's locale. */
export function usePriceFormat() {
  const locale = useStore($localeTag);
  return {
    locale,
    price: (value: string | undefined, tickSize?: string) =>
      cached(`p|${value}|${tickSize}|${locale}`, () => formatNumber(value ?? '', { decimals: tickSize ? fractionDigits(tickSize) : displayDecimals(value ?? ''), locale })),
    amount: (value: string | undefined, lotSize?: string) =>
      cached(`a|${value}|${lotSize}|${locale}`, () => formatNumber(value ?? '', { decimals: lotSize ? fractionDigits(lotSize) : displayDecimals(value ?? '', 2, 8), locale })),
    /** An amount in a narrow column: as `amount` below a million, compact from there ("94.40M"). */
    shortAmount: (value: string | undefined, lotSize: string) => cached(`s|${value}|${lotSize}|${locale}`, () => formatShortAmount(value ?? '', fractionDigits(lotSize), locale)),
    compact: (value: string | undefined) => cached(`c|${value}|${locale}`, () => formatNumber(value ?? '', { compact: true, locale })),
  };
}
