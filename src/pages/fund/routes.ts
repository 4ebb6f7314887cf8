import { msg } from '@lingui/core/macro';
import { screen, type RouteManifest } from '../../lib/route-manifest.ts';
import { WALLET_OVERVIEW } from '../../api/early-reads.ts';

/** The assets tab and the money screens. */
export const FUND_ROUTES: RouteManifest = [
  { path: '/pages/fund/assets', protected: true, tab: true, title: msg`Assets`, screen: screen(() => import('./assets-page.tsx'), 'AssetsPage'), reads: [WALLET_OVERVIEW] },
  { path: '/pages/fund/select', protected: true, title: msg`Select currency`, screen: screen(() => import('./select-page.tsx'), 'SelectPage') },
  { path: '/pages/fund/receive', protected: true, title: msg`Deposit`, screen: screen(() => import('./receive-page.tsx'), 'ReceivePage') },
  { path: '/pages/fund/receive_withdraw_record', protected: true, title: msg`Deposits and withdrawals`, screen: screen(() => import('./receive-withdraw-record-page.tsx'), 'ReceiveWithdrawRecordPage') },
  { path: '/pages/fund/withdraw', protected: true, title: msg`Withdraw`, screen: screen(() => import('./withdraw-page.tsx'), 'WithdrawPage') },
  { path: '/pages/fund/assets_record', protected: true, title: msg`Asset records`, screen: screen(() => import('./assets-record-page.tsx'), 'AssetsRecordPage') },
  { path: '/pages/fund/assets_all_record', protected: true, title: msg`All records`, screen: screen(() => import('./assets-record-page.tsx'), 'AssetsAllRecordPage') },
  { path: '/pages/fund/transfer', protected: true, title: msg`Transfer`, screen: screen(() => import('./transfer-page.tsx'), 'TransferPage') },
  { path: '/pages/fund/fundTransfer', protected: true, title: msg`Send to a user`, screen: screen(() => import('./fund-transfer-page.tsx'), 'FundTransferPage') },
  { path: '/pages/fund/transfer_history', protected: true, title: msg`Transfer history`, screen: screen(() => import('./transfer-history-page.tsx'), 'TransferHistoryPage') },
];
