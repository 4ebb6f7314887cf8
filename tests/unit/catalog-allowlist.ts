import type { Locale } from '../../contract/locales.ts';

/**
 * English texts a translation may legitimately leave as they are, and in which locales ('*' for
 * all): symbols, units and names that every locale writes the same way. Add an entry only when a
 * translator has confirmed the word really stays English in that language; the catalog check
 * (catalogs.test.ts) fails on any other translation that equals the English text.
 */
export const SAME_AS_ENGLISH: Readonly<Record<string, '*' | readonly Locale[]>> = {
  // The brand.
  Brisk: '*',
  // Currency symbols.
  BTC: '*',
  ETH: '*',
  LTC: '*',
  USDT: '*',
  USDC: '*',
  USD: '*',
  // Compact number suffixes (section 9: K above 1,000, M above 1,000,000).
  K: '*',
  M: '*',
  // Product names the industry keeps in English in every market.
  NFT: '*',
  OTC: '*',
  IEO: '*',
  // Ordinary words of the target language, spelled as in English (the usual term in finance apps
  // there); drop an entry if a translator prefers a native word.
  Article: ['fra'],
  Collections: ['fra'],
  Copies: ['fra'],
  FAQ: ['fra'],
  // The order type: "Limit" / "Piyasa" on Turkish exchanges' order forms.
  Limit: ['trq'],
  Message: ['fra'],
  Messages: ['fra'],
  Multiple: ['fra'],
  // Profit and loss: "PnL" on Spanish exchanges' position screens (as in "PnL acumulado").
  PnL: ['spa'],
  Options: ['fra'],
  Signature: ['fra'],
  Trader: ['fra', 'spa', 'trq'],
  Traders: ['fra', 'spa'],
  '{theirs, plural, one {# lot} other {# lots}}': ['fra'],
  Transfer: ['trq'],
};

/**
 * True when a message has nothing to translate: once its simple placeholders ("{0}", "{count}") and
 * Lingui's component tags ("<0>", "</0>", "<1/>") are taken out, only digits, punctuation, symbols
 * and spaces remain, as in "{0} / {1}", "+{rate}%" or "1:1".
 */
export function hasNothingToTranslate(message: string): boolean {
  const rest = message.replace(/\{\s*\w+\s*\}/g, '').replace(/<\/?\d+\s*\/?>/g, '');
  return /^[\p{N}\p{P}\p{S}\s]*$/u.test(rest);
}

/** Whether `locale`'s translation of `message` may be the English text itself. */
export function mayEqualEnglish(message: string, locale: Locale): boolean {
  if (hasNothingToTranslate(message)) return true;
  const allowed = Object.hasOwn(SAME_AS_ENGLISH, message) ? SAME_AS_ENGLISH[message] : undefined;
  return allowed === '*' || (allowed !== undefined && allowed.includes(locale));
}
