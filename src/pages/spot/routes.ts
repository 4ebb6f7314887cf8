import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';
import { QUOTATION_READS } from '../../api/early-reads.ts';
import type { ProductPanels } from '../shared/trade-panels.ts';

/**
 * Spot: the trade tab (it opens on coin trading), coin trading, and spot orders. The trade tab's
 * other panels are the futures and options folders', which this one may not import: `panels`, from
 * the shell, go to the tab as its screen loads.
 */
export const spotRoutes = (panels: ProductPanels): RouteManifest => [
  {
    path: '/pages/transaction/index',
    tab: true,
    title: msg`Trade`,
    // `?.`: the build runs this loader against a stub of the module (scripts/vite/route-manifests.ts).
    screen: screen(() => import('./trade-tab-page.tsx').then((m) => (m.provideTradePanels?.(panels), m)), 'TradeTabPage'),
    reads: QUOTATION_READS,
  },
  { path: '/pages/transaction/currency', title: msg`Spot trading`, screen: screen(() => import('./spot-page.tsx'), 'SpotPage'), reads: QUOTATION_READS },
  { path: '/pages/transaction/currency_order', protected: true, title: msg`Spot orders`, screen: screen(() => import('./spot-order-page.tsx'), 'SpotOrderPage') },
];
