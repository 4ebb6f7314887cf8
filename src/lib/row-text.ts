import { fractionDigits } from './decimal-units.ts';
import { formatNumber, formatPercent } from './format-number.ts';
import { displayDecimals } from './money.ts';

/**
 * How a market row shows its figures in the reader's language. The page makes it (the volume label
 * comes from its catalog) and hands it to the socket worker, which writes each quote's figures
 * with it before the quote reaches the page; the page uses the same functions for a quote that
 * came without them (the list endpoint's), so both give the same text.
 */
export interface RowFormat {
  /** Names the locale and catalog: figures made for another id are made again. */
  id: string;
  /** BCP 47 tag for the numbers' symbols. */
  locale: string;
  /** The volume label around its compact figure, from the catalog ("Vol ", ""). */
  volume: readonly [string, string];
}

/** A quote's figures as its row shows them, in the format `id`. */
export interface RowText {
  id: string;
  last: string;
  volume: string;
  change: string;
}

/** Stands for the figure in a catalog message that is split around it (RowFormat.volume). */
export const FIGURE_MARK = '\u2060#\u2060';

/** Splits a translated label made with FIGURE_MARK in place of its figure. */
export function labelAround(label: string): readonly [string, string] {
  const at = label.indexOf(FIGURE_MARK);
  return at < 0 ? [label, ''] : [label.slice(0, at), label.slice(at + FIGURE_MARK.length)];
}

/** The last price with the pair's tick digits (its own, 2 to 8, when the pair has no tick). */
export const rowLast = (value: string, tickSize: string, format: RowFormat) =>
  formatNumber(value, { decimals: tickSize ? fractionDigits(tickSize) : displayDecimals(value), locale: format.locale });

/** The 24 h quote volume, compact (K, M), in its label. */
export const rowVolume = (value: string, format: RowFormat) => format.volume[0] + formatNumber(value, { compact: true, locale: format.locale }) + format.volume[1];

/** The 24 h change, signed, in percent. */
export const rowChange = (value: string, format: RowFormat) => formatPercent(value, { locale: format.locale });

export function rowText(quote: { last: string; quote_volume_24h: string; change_pct: string }, tickSize: string, format: RowFormat): RowText {
  return {
    id: format.id,
    last: rowLast(quote.last, tickSize, format),
    volume: rowVolume(quote.quote_volume_24h, format),
    change: rowChange(quote.change_pct, format),
  };
}
