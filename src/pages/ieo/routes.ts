import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/** IEO token sales: the sales by phase, one sale with its subscribe form, the user's subscriptions. */
export const IEO_ROUTES: RouteManifest = [
  { path: '/pages/ieo/ieo', preload: false, title: msg`IEO`, screen: screen(() => import('./ieo-list-page.tsx'), 'IeoListPage') },
  { path: '/pages/ieo/subscribe', preload: false, protected: true, title: msg`Subscribe`, screen: screen(() => import('./ieo-subscribe-page.tsx'), 'IeoSubscribePage') },
  { path: '/pages/ieo/order', preload: false, protected: true, title: msg`My subscriptions`, screen: screen(() => import('./ieo-order-page.tsx'), 'IeoOrderPage') },
];
