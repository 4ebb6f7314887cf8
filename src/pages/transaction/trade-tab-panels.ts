import type { ComponentType } from 'preact';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { TradeTabCoins } from './trade-tab-coins.tsx';

/** The trade tab's sections, in order (section 2: coins, futures, options, stocks). */
export const TRADE_TABS = ['coins', 'futures', 'options', 'stocks'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];
export const isTradeTab = (v: string | null): v is TradeTab => (TRADE_TABS as readonly (string | null)[]).includes(v);

export const TRADE_TAB_LABELS: Record<TradeTab, MessageDescriptor> = {
  coins: msg`Coins`,
  futures: msg`Futures`,
  options: msg`Options`,
  stocks: msg`Stocks`,
};

/** What a panel gets: the query of the trade tab's address (symbol and the like), and a way to change it. */
export interface TradePanelProps {
  query: URLSearchParams;
  setQuery: (changes: Record<string, string>) => void;
}

export type PanelModule = Promise<{ default: ComponentType<TradePanelProps> }>;

/**
 * The extension point: each tab's screen, imported when the tab is first shown: futures and stocks
 * are the contract screen in the coin and stock categories, options the seconds options screen.
 */
export const TRADE_TAB_PANELS: Record<TradeTab, () => PanelModule> = {
  // In the tab's own chunk: it is what the tab opens on, so no second round trip.
  coins: () => Promise.resolve({ default: TradeTabCoins }),
  futures: () => import('./contract-page.tsx').then((m) => ({ default: m.TradeTabFutures })),
  options: () => import('./index2-page.tsx').then((m) => ({ default: m.TradeTabOptions })),
  stocks: () => import('./contract-page.tsx').then((m) => ({ default: m.TradeTabStocks })),
};
