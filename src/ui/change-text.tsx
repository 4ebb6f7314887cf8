import { formatPercent } from '../lib/format-number.ts';

/** Up, down or flat, from a signed change such as "1.25", "-0.40" or "0.00". */
export function trendOf(change: string | undefined): 'up' | 'down' | 'flat' {
  if (!change || !/^[+-]?\d/.test(change) || /^[+-]?0+(\.0+)?$/.test(change)) return 'flat';
  return change.startsWith('-') ? 'down' : 'up';
}

/**
 * The class of a change figure: its trend colour (section 9 colours, through CSS variables), and
 * `quote-fig`, a figure of the tickers stream (muted while quotes are not live, shared/market.css).
 */
export const changeClass = (value: string | undefined, badge = false) => `${badge ? 'change-badge' : 'change'} trend-${trendOf(value)} num quote-fig`;

/** A 24 h change in percent, coloured up or down. */
export function ChangeText({ value, locale, badge = false }: { value: string | undefined; locale: string; badge?: boolean }) {
  return <span class={changeClass(value, badge)}>{formatPercent(value ?? '', { locale })}</span>;
}
