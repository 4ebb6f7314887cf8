/** Colours of spec section 9 and the fixed brand colours of the main currencies. */

/** A rising price or a positive change. */
export const UP_COLOR = '#28ba98';
/** A falling price or a negative change. */
export const DOWN_COLOR = '#F04A5A';
/** Any currency without a brand colour of its own. */
export const DEFAULT_CURRENCY_COLOR = '#8A94A6';

const CURRENCY_COLORS: ReadonlyMap<string, string> = new Map([
  ['BTC', '#F7931A'],
  ['USDT', '#26A17B'],
  ['LTC', '#345D9D'],
  ['ETH', '#627EEA'],
]);

/** The colour for a currency symbol, case-insensitive ("btc" is BTC). */
export function currencyColor(symbol: string): string {
  return CURRENCY_COLORS.get(symbol.trim().toUpperCase()) ?? DEFAULT_CURRENCY_COLOR;
}
