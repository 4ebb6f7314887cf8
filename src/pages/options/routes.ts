import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';
import type { ProductPanels } from '../shared/trade-panels.ts';

/** Options (the spec's seconds, index2 and microtrade): the trading screen and its orders. */
export const OPTIONS_ROUTES: RouteManifest = [
  { path: '/pages/transaction/seconds_order', protected: true, title: msg`Options orders`, screen: screen(() => import('./options-order-page.tsx'), 'OptionsOrderPage') },
  { path: '/pages/transaction/index2', title: msg`Options`, screen: screen(() => import('./options-page.tsx'), 'OptionsPage') },
];

/** The trade tab's options tab (shared/trade-panels.ts). */
export const OPTIONS_TRADE_PANELS: ProductPanels = {
  options: () => import('./options-page.tsx').then((m) => ({ default: m.TradeTabOptions })),
};
