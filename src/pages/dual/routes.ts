import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/**
 * Dual-currency products. Section 2's route list (cut off in the spec) names no dual screen, so
 * these paths are ours, beside the spec's /dual/* calls.
 */
export const DUAL_ROUTES: RouteManifest = [
  { path: '/pages/dual/index', preload: false, title: msg`Dual currency`, screen: screen(() => import('./dual-list-page.tsx'), 'DualListPage') },
  { path: '/pages/dual/buy', preload: false, protected: true, title: msg`Subscribe`, screen: screen(() => import('./dual-buy-page.tsx'), 'DualBuyPage') },
  { path: '/pages/dual/order', preload: false, protected: true, title: msg`My dual orders`, screen: screen(() => import('./dual-order-page.tsx'), 'DualOrderPage') },
];
