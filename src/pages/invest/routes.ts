import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/** Invest (linked-price) products: the list, a purchase, my investments, how settlement works. */
export const INVEST_ROUTES: RouteManifest = [
  { path: '/pages/invest/invest', preload: false, title: msg`Invest`, screen: screen(() => import('./invest-list-page.tsx'), 'InvestListPage') },
  { path: '/pages/invest/mine', preload: false, protected: true, title: msg`My investments`, screen: screen(() => import('./invest-mine-page.tsx'), 'InvestMinePage') },
  { path: '/pages/invest/purchase', preload: false, protected: true, title: msg`Purchase`, screen: screen(() => import('./invest-purchase-page.tsx'), 'InvestPurchasePage') },
  { path: '/pages/invest/help', preload: false, title: msg`Help`, screen: screen(() => import('./invest-help-page.tsx'), 'InvestHelpPage') },
];
