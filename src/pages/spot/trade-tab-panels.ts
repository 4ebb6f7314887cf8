import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PanelModule, ProductPanel, ProductPanels } from '../shared/trade-panels.ts';
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

/**
 * The other products' panels, given when the trade tab's screen loads (routes.ts): kept here, in the
 * tab's own chunk, so the route table's chunk exports nothing the tab imports.
 */
const provided: ProductPanels = {};

export function provideTradePanels(panels: ProductPanels): void {
  Object.assign(provided, panels);
}

/** Imports the panel of `tab`; fails, as a lost chunk would, when none has been given. */
function productPanel(tab: ProductPanel): PanelModule {
  const load = provided[tab];
  return load ? load() : Promise.reject(new Error(`no trade tab panel for ${tab}`));
}

/**
 * The extension point: each tab's screen, imported when the tab is first shown: futures and stocks
 * are the futures screen in the coin and stock categories, options the options screen (offered by
 * their folders, shared/trade-panels.ts).
 */
export const TRADE_TAB_PANELS: Record<TradeTab, () => PanelModule> = {
  // In the tab's own chunk: it is what the tab opens on, so no second round trip.
  coins: () => Promise.resolve({ default: TradeTabCoins }),
  futures: () => productPanel('futures'),
  options: () => productPanel('options'),
  stocks: () => productPanel('stocks'),
};
