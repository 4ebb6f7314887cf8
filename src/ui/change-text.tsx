import { formatPercent } from '../lib/format-number.ts';

/** Up, down or flat, from a signed change such as "1.25", "-0.40" or "0.00". */
export function trendOf(change: string | undefined): 'up' | 'down' | 'flat' {
  if (!change || !/^[+-]?\d/.test(change) || /^[+-]?0+(\.0+)?$/.test(change)) return 'flat';
  return change.startsWith('-') ? 'down' : 'up';
}

/** A 24 h change in percent, coloured up or down (section 9 colours, through CSS variables). */
export function ChangeText({ value, locale, badge = false }: { value: string | undefined; locale: string; badge?: boolean }) {
  const trend = trendOf(value);
  return <span class={`${badge ? 'change-badge' : 'change'} trend-${trend} num`}>{formatPercent(value ?? '', { locale })}</span>;
}
