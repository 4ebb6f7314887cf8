import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';
import { QUOTATION_READS } from '../../api/early-reads.ts';

/** The market tab, its old quotation path, and search. */
export const MARKET_ROUTES: RouteManifest = [
  { path: '/pages/market/market', tab: true, title: msg`Market`, screen: screen(() => import('./market-page.tsx'), 'MarketPage'), reads: QUOTATION_READS },
  { path: '/pages/market/search', title: msg`Search`, screen: screen(() => import('./search-page.tsx'), 'SearchPage') },
  { path: '/pages/quotation/index', title: msg`Quotes`, screen: screen(() => import('./market-page.tsx'), 'MarketPage'), reads: QUOTATION_READS },
];
