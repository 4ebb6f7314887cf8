import { absDecimal, compareDecimal, isDecimalString, roundDecimal, shiftDecimal } from './decimal.ts';

/**
 * Number display of spec section 9: default 2 decimals; compact shows K above 1,000 and M above
 * 1,000,000. Values are decimal strings and stay strings: digits come from the string, only the
 * locale's symbols (group separator, decimal mark, minus sign, when to start grouping) come from
 * Intl, so "123456789012345678.123456789" is shown exactly.
 */

export interface FormatNumberOptions {
  /** Fraction digits to show, rounded half-up; zeros are kept ("2.50M"). Default 2; must be a whole number >= 0 (RangeError otherwise). */
  decimals?: number;
  /** K above 1,000 and M above 1,000,000 (strictly above; by absolute value). Default false. */
  compact?: boolean;
  /** BCP 47 tag (LOCALE_TAGS of contract/locales.ts) for the symbols. Default 'en'. */
  locale?: string;
}

/** What a missing or malformed value shows as, like an empty quote cell. */
export const NUMBER_PLACEHOLDER = '--';

export const DEFAULT_DECIMALS = 2;

export interface LocaleSymbols {
  group: string;
  decimal: string;
  minus: string;
  /** Integer digits needed before grouping starts: 4 for most, 5 for Spanish ("1234" but "12.345"). */
  minGroupedDigits: number;
}

const COMMA_DOT: LocaleSymbols = { group: ',', decimal: '.', minus: '-', minGroupedDigits: 4 };

/**
 * What Intl says for the app's nine locale tags (contract/locales.ts), written out: the first
 * `new Intl.NumberFormat` of a page loads the locale's ICU data, about 40 ms of main thread on a
 * slow phone before the first price can show. format-number.test.ts checks these against Intl.
 */
export const KNOWN_SYMBOLS: Readonly<Record<string, LocaleSymbols>> = {
  en: COMMA_DOT,
  'zh-CN': COMMA_DOT,
  'zh-HK': COMMA_DOT,
  th: COMMA_DOT,
  ja: COMMA_DOT,
  ko: COMMA_DOT,
  fr: { group: '\u202f', decimal: ',', minus: '-', minGroupedDigits: 4 },
  es: { group: '.', decimal: ',', minus: '-', minGroupedDigits: 5 },
  tr: { group: '.', decimal: ',', minus: '-', minGroupedDigits: 4 },
};

const symbolsCache = new Map<string, LocaleSymbols>(Object.entries(KNOWN_SYMBOLS));

/** The symbols Intl gives for `locale` (exported for the test that keeps KNOWN_SYMBOLS true). */
export function intlSymbolsOf(locale: string): LocaleSymbols {
  // The default grouping ('auto') keeps the locale's minimum grouping digits; `useGrouping: true` would not.
  const nf = new Intl.NumberFormat(locale);
  const parts = nf.formatToParts(-12345.6);
  const find = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
  const groupsAtFour = nf.formatToParts(1234).some((p) => p.type === 'group');
  return {
    group: find('group', ','),
    decimal: find('decimal', '.'),
    minus: find('minusSign', '-'),
    minGroupedDigits: groupsAtFour ? 4 : 5,
  };
}

function symbolsOf(locale: string): LocaleSymbols {
  let symbols = symbolsCache.get(locale);
  if (symbols) return symbols;
  symbols = intlSymbolsOf(locale);
  symbolsCache.set(locale, symbols);
  return symbols;
}

/** Applies the locale's symbols to a plain decimal string such as "-1234.50". */
function localise(plain: string, locale: string): string {
  const { group, decimal, minus, minGroupedDigits } = symbolsOf(locale);
  const negative = plain.startsWith('-');
  const body = negative ? plain.slice(1) : plain;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  let grouped = int;
  if (int.length >= minGroupedDigits) {
    const head = int.length % 3 || 3;
    grouped = int.slice(0, head);
    for (let i = head; i < int.length; i += 3) grouped += group + int.slice(i, i + 3);
  }
  return (negative ? minus : '') + grouped + (frac ? decimal + frac : '');
}

const THOUSAND = '1000';
const MILLION = '1000000';

/** Rounds and, when compact, scales to K or M; returns the plain string and its suffix. */
function scaled(value: string, decimals: number, compact: boolean): { plain: string; suffix: '' | 'K' | 'M' } {
  if (compact) {
    const abs = absDecimal(value);
    if (compareDecimal(abs, MILLION) > 0) return { plain: roundDecimal(shiftDecimal(value, -6), decimals), suffix: 'M' };
    if (compareDecimal(abs, THOUSAND) > 0) {
      const k = roundDecimal(shiftDecimal(value, -3), decimals);
      // 999,999.999 in K rounds to "1000.00K"; that is a million, so say so.
      if (compareDecimal(absDecimal(k), THOUSAND) >= 0) return { plain: roundDecimal(shiftDecimal(value, -6), decimals), suffix: 'M' };
      return { plain: k, suffix: 'K' };
    }
  }
  return { plain: roundDecimal(value, decimals), suffix: '' };
}

/**
 * formatNumber("1234.567") → "1,234.57"; formatNumber("2500000", { compact: true }) → "2.50M";
 * formatNumber("1234.5", { locale: 'fr' }) → "1 234,50" (with the locale's narrow no-break space).
 * Malformed input (anything isDecimalString rejects) shows as NUMBER_PLACEHOLDER.
 */
export function formatNumber(value: string, opts: FormatNumberOptions = {}): string {
  const { decimals = DEFAULT_DECIMALS, compact = false, locale = 'en' } = opts;
  if (!isDecimalString(value)) return NUMBER_PLACEHOLDER;
  const { plain, suffix } = scaled(value, decimals, compact);
  return localise(plain, locale) + suffix;
}

/**
 * An amount for a narrow column (the order book's, the trades list's): exact with `decimals` below a
 * million, compact from a million up by absolute value ("94,397,700" → "94.40M"), where the full
 * figure of a low-priced coin would not fit a phone's half-width column.
 */
export function formatShortAmount(value: string, decimals: number, locale = 'en'): string {
  if (!isDecimalString(value)) return NUMBER_PLACEHOLDER;
  const big = compareDecimal(absDecimal(value), '1000000') >= 0;
  return big ? formatNumber(value, { compact: true, locale }) : formatNumber(value, { decimals, locale });
}

export interface FormatPercentOptions {
  decimals?: number;
  locale?: string;
}

/**
 * A signed change in percent points: formatPercent("1.234") → "+1.23%", formatPercent("-0.5") →
 * "-0.50%", and zero (also after rounding) has no sign: "0.00%". The input may carry a leading "+",
 * as change fields often do. Malformed input shows as NUMBER_PLACEHOLDER.
 */
export function formatPercent(value: string, opts: FormatPercentOptions = {}): string {
  const { decimals = DEFAULT_DECIMALS, locale = 'en' } = opts;
  const unsigned = value.startsWith('+') ? value.slice(1) : value;
  if (unsigned.startsWith('-') && value.startsWith('+')) return NUMBER_PLACEHOLDER;
  if (!isDecimalString(unsigned)) return NUMBER_PLACEHOLDER;
  const rounded = roundDecimal(unsigned, decimals);
  const sign = compareDecimal(rounded, '0') > 0 ? '+' : '';
  return sign + localise(rounded, locale) + '%';
}

/**
 * A decimal string as it is shown in an input box in `locale` ("0.5" -> "0,5" in French): the
 * locale's decimal mark, never group separators, so what the app fills in reads like what the
 * person types on their keyboard and like the figures around it.
 */
export function decimalForInput(plain: string, locale: string): string {
  const { decimal } = symbolsOf(locale);
  return decimal === '.' ? plain : plain.replace('.', decimal);
}

/** What a person typed in `locale`, its decimal mark read as the point ("0,5" -> "0.5"); anything else is kept for the checks to judge. */
export function decimalFromInput(typed: string, locale: string): string {
  const { decimal } = symbolsOf(locale);
  return decimal === '.' ? typed : typed.replace(decimal, '.');
}
