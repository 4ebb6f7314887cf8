import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';

/** The finance tab: every earn product, filterable by coin, and my positions. */
export const FINANCIAL_ROUTES: RouteManifest = [
  { path: '/pages/financial/index', tab: true, title: msg`Finance`, screen: screen(() => import('./financial-page.tsx'), 'FinancialPage') },
];
