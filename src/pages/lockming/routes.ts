import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/** Lock mining (lock, DeFi and cloud mining): the products, the intro, a lock and the orders. */
export const LOCKMING_ROUTES: RouteManifest = [
  { path: '/pages/lockming/lockming', preload: false, title: msg`Lock mining`, screen: screen(() => import('./lock-list-page.tsx'), 'LockListPage') },
  { path: '/pages/lockming/buy', preload: false, protected: true, title: msg`Stake`, screen: screen(() => import('./lock-buy-page.tsx'), 'LockBuyPage') },
  { path: '/pages/lockming/order', preload: false, protected: true, title: msg`Mining orders`, screen: screen(() => import('./lock-orders-page.tsx'), 'LockOrdersPage') },
  { path: '/pages/lockming/welcome', preload: false, title: msg`Lock mining`, screen: screen(() => import('./lock-welcome-page.tsx'), 'LockWelcomePage') },
];
