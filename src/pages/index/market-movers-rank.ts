import type { Quotation } from '../../../contract/api/market.ts';
import { orderKey } from '../../lib/decimal-units.ts';
import type { LiveQuote } from '../../stores/quotes.ts';
import { trendOf } from '../../ui/change-text.tsx';

/** Rows in each list of the home block. */
export const MOVERS_SHOWN = 5;

export type MoverTab = 'gainers' | 'losers' | 'volume';

type QuoteLookup = (symbol: string) => LiveQuote | undefined;

/**
 * The pairs leading a list, from live quotes where there are some: gainers by the highest 24 h
 * change, losers by the lowest, volume by the largest 24 h quote volume. Exact decimal order.
 */
export function topMovers(list: readonly Quotation[], quotes: QuoteLookup, tab: MoverTab, n = MOVERS_SHOWN): Quotation[] {
  const keyed = list.map((q, i) => {
    const live = quotes(q.symbol) ?? q;
    return { q, i, key: orderKey(tab === 'volume' ? live.quote_volume_24h : live.change_pct) };
  });
  const highFirst = tab !== 'losers';
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? a.i - b.i : a.key === null ? 1 : -1;
    if (a.key === b.key) return a.i - b.i;
    return (a.key > b.key) === highFirst ? -1 : 1;
  });
  return keyed.slice(0, n).map((k) => k.q);
}

/** How many pairs are rising, falling and flat now. */
export function breadth(list: readonly Quotation[], quotes: QuoteLookup): { up: number; down: number; flat: number } {
  const count = { up: 0, down: 0, flat: 0 };
  for (const q of list) count[trendOf((quotes(q.symbol) ?? q).change_pct)] += 1;
  return count;
}
