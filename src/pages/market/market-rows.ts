import type { Quotation } from '../../../contract/api/market.ts';
import { orderKey } from '../../lib/decimal-units.ts';

export const MARKET_TABS = ['favourites', 'coins', 'stocks', 'hot'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];
export const isMarketTab = (v: string | null): v is MarketTab => (MARKET_TABS as readonly (string | null)[]).includes(v);

/** How many of the most traded pairs the hot tab lists. */
export const HOT_COUNT = 20;

/**
 * The rows of a tab from the one quotation list: coins and stocks by category, favourites in the
 * order they were added, hot = the most traded by 24 h quote volume at load time.
 */
export function rowsOfTab(list: readonly Quotation[], tab: MarketTab, favourites: ReadonlySet<string> | null): Quotation[] {
  switch (tab) {
    case 'coins':
      return list.filter((q) => q.category === 'coin');
    case 'stocks':
      return list.filter((q) => q.category === 'stock');
    case 'favourites': {
      if (!favourites) return [];
      const bySymbol = new Map(list.map((q) => [q.symbol, q]));
      return [...favourites].map((s) => bySymbol.get(s)).filter((q): q is Quotation => q !== undefined);
    }
    case 'hot':
      return list
        .map((q) => ({ q, key: orderKey(q.quote_volume_24h) ?? -1n }))
        .sort((a, b) => (a.key > b.key ? -1 : a.key < b.key ? 1 : 0))
        .slice(0, HOT_COUNT)
        .map((k) => k.q);
  }
}
