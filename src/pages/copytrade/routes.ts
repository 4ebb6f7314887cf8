import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/**
 * Copy trading: the spec names its screens twice (copytrade: copy, my, trader; follow: index,
 * trader, follow and the agreements), so both folders' paths are drawn from this one page folder,
 * whose screens share their pieces. Every screen is an inner one, kept off the route preloader.
 */
export const COPYTRADE_ROUTES: RouteManifest = [
  { path: '/pages/copytrade/copy', preload: false, title: msg`Copy trading`, screen: screen(() => import('./trader-list-page.tsx'), 'TraderListPage') },
  { path: '/pages/copytrade/my', preload: false, protected: true, title: msg`My copy trading`, screen: screen(() => import('./my-copies-page.tsx'), 'MyCopiesPage') },
  { path: '/pages/copytrade/trader', preload: false, title: msg`Trader`, screen: screen(() => import('./trader-page.tsx'), 'TraderPage') },
  { path: '/pages/follow/index', preload: false, title: msg`Follow traders`, screen: screen(() => import('./trader-list-page.tsx'), 'TraderListPage') },
  { path: '/pages/follow/trader', preload: false, title: msg`Trader`, screen: screen(() => import('./trader-page.tsx'), 'TraderPage') },
  { path: '/pages/follow/follow', preload: false, protected: true, title: msg`Follow`, screen: screen(() => import('./follow-page.tsx'), 'FollowPage') },
  { path: '/pages/follow/agreement_zh', preload: false, title: msg`Copy trading agreement`, screen: screen(() => import('./agreement-zh-page.tsx'), 'AgreementZhPage') },
  { path: '/pages/follow/agreement_en', preload: false, title: msg`Copy trading agreement`, screen: screen(() => import('./agreement-en-page.tsx'), 'AgreementEnPage') },
];
