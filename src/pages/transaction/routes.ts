import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';
import { QUOTATION_READS } from '../../api/early-reads.ts';

/** The trade tab and the trading screens: spot, futures, options, and their orders. */
export const TRANSACTION_ROUTES: RouteManifest = [
  { path: '/pages/transaction/index', tab: true, title: msg`Trade`, screen: screen(() => import('./trade-tab-page.tsx'), 'TradeTabPage'), reads: QUOTATION_READS },
  { path: '/pages/transaction/currency', title: msg`Spot trading`, screen: screen(() => import('./currency-page.tsx'), 'CurrencyPage'), reads: QUOTATION_READS },
  { path: '/pages/transaction/currency_order', protected: true, title: msg`Spot orders`, screen: screen(() => import('./currency-order-page.tsx'), 'CurrencyOrderPage') },
  { path: '/pages/transaction/contract', title: msg`Futures`, screen: screen(() => import('./contract-page.tsx'), 'ContractPage') },
  { path: '/pages/transaction/contract_order', protected: true, title: msg`Futures orders`, screen: screen(() => import('./contract-order-page.tsx'), 'ContractOrderPage') },
  { path: '/pages/transaction/seconds_order', protected: true, title: msg`Options orders`, screen: screen(() => import('./seconds-order-page.tsx'), 'SecondsOrderPage') },
  { path: '/pages/transaction/index2', title: msg`Options`, screen: screen(() => import('./index2-page.tsx'), 'Index2Page') },
];
