import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';
import type { ProductPanels } from '../shared/trade-panels.ts';

/** Futures (the spec's contract and lever, coin and stock categories) and their orders. */
export const FUTURES_ROUTES: RouteManifest = [
  { path: '/pages/transaction/contract', title: msg`Futures`, screen: screen(() => import('./futures-page.tsx'), 'FuturesPage') },
  { path: '/pages/transaction/contract_order', protected: true, title: msg`Futures orders`, screen: screen(() => import('./futures-order-page.tsx'), 'FuturesOrderPage') },
];

/** The trade tab's futures and stocks tabs: this screen in the coin and stock categories (shared/trade-panels.ts). */
export const FUTURES_TRADE_PANELS: ProductPanels = {
  futures: () => import('./futures-page.tsx').then((m) => ({ default: m.TradeTabFutures })),
  stocks: () => import('./futures-page.tsx').then((m) => ({ default: m.TradeTabStocks })),
};
