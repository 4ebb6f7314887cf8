import type { ComponentType } from 'preact';
import { restOfCatalog } from './i18n.ts';
import { HomePage } from '../pages/index/home-page.tsx';

type PageModule = Promise<{ default: ComponentType }>;
export type PageLoader = () => PageModule;

/**
 * A screen's loader. Every screen but the start page renders only once the rest of the catalog is
 * there too (app/i18n.ts): the start page's messages are in the part the first paint waited for.
 */
const pick =
  <M>(load: () => Promise<M>, name: keyof M): PageLoader =>
  () =>
    Promise.all([load(), restOfCatalog()]).then(([m]) => ({ default: m[name] as ComponentType }));

/**
 * The start page is in the boot chunk, which index.html carries inline (scripts/vite/inline-boot.ts):
 * a first visit opens it without asking for another file. Imported by name: a namespace object or a
 * dynamic import of a boot module would need the bundler's runtime helpers in a chunk of their own.
 */
const home: PageLoader = () => Promise.resolve({ default: HomePage });

/** Screens that exist now. Every other route of route-paths.ts opens the under-development screen. */
export const PAGE_LOADERS: Record<string, PageLoader> = {
  '/': home,
  '/pages/index/index': home,
  '/pages/common/login': pick(() => import('../pages/common/login-page.tsx'), 'LoginPage'),
  '/pages/common/register': pick(() => import('../pages/common/register-page.tsx'), 'RegisterPage'),
  '/pages/common/forget': pick(() => import('../pages/common/forget-page.tsx'), 'ForgetPage'),
  '/pages/common/area': pick(() => import('../pages/common/area-page.tsx'), 'AreaPage'),
  '/pages/common/article': pick(() => import('../pages/common/article-page.tsx'), 'ArticlePage'),
  '/pages/common/webView': pick(() => import('../pages/common/web-view-page.tsx'), 'WebViewPage'),
  '/pages/common/faq': pick(() => import('../pages/common/faq-page.tsx'), 'FaqPage'),
  '/pages/common/contactus': pick(() => import('../pages/common/text-pages.tsx'), 'ContactUsPage'),
  '/pages/common/aboutus': pick(() => import('../pages/common/text-pages.tsx'), 'AboutUsPage'),
  '/pages/setting/operational_compliance': pick(() => import('../pages/common/text-pages.tsx'), 'CompliancePage'),
  '/pages/setting/setting': pick(() => import('../pages/setting/setting-page.tsx'), 'SettingPage'),
  '/pages/setting/userInfo': pick(() => import('../pages/setting/user-info-page.tsx'), 'UserInfoPage'),
  '/pages/setting/security': pick(() => import('../pages/setting/security-page.tsx'), 'SecurityPage'),
  '/pages/setting/password': pick(() => import('../pages/setting/password-page.tsx'), 'PasswordPage'),
  '/pages/setting/payPassword': pick(() => import('../pages/setting/pay-password-page.tsx'), 'PayPasswordPage'),
  '/pages/setting/coupon': pick(() => import('../pages/setting/coupon-page.tsx'), 'CouponPage'),
  '/pages/setting/wallet': pick(() => import('../pages/setting/wallet-page.tsx'), 'WalletPage'),
  '/pages/setting/addWallet': pick(() => import('../pages/setting/add-wallet-page.tsx'), 'AddWalletPage'),
  '/pages/setting/bill': pick(() => import('../pages/setting/bill-page.tsx'), 'BillPage'),
  '/pages/setting/real': pick(() => import('../pages/setting/real-page.tsx'), 'RealPage'),
  '/pages/setting/real_mark': pick(() => import('../pages/setting/real-mark-page.tsx'), 'RealMarkPage'),
  '/pages/setting/areas': pick(() => import('../pages/setting/areas-page.tsx'), 'AreasPage'),
  '/pages/setting/bank': pick(() => import('../pages/setting/bank-page.tsx'), 'BankPage'),
  '/pages/setting/bank_international': pick(() => import('../pages/setting/bank-page.tsx'), 'BankInternationalPage'),
  '/pages/fund/assets': pick(() => import('../pages/fund/assets-page.tsx'), 'AssetsPage'),
  '/pages/fund/select': pick(() => import('../pages/fund/select-page.tsx'), 'SelectPage'),
  '/pages/fund/receive': pick(() => import('../pages/fund/receive-page.tsx'), 'ReceivePage'),
  '/pages/fund/receive_withdraw_record': pick(() => import('../pages/fund/receive-withdraw-record-page.tsx'), 'ReceiveWithdrawRecordPage'),
  '/pages/fund/withdraw': pick(() => import('../pages/fund/withdraw-page.tsx'), 'WithdrawPage'),
  '/pages/fund/assets_record': pick(() => import('../pages/fund/assets-record-page.tsx'), 'AssetsRecordPage'),
  '/pages/fund/assets_all_record': pick(() => import('../pages/fund/assets-record-page.tsx'), 'AssetsAllRecordPage'),
  '/pages/fund/transfer': pick(() => import('../pages/fund/transfer-page.tsx'), 'TransferPage'),
  '/pages/fund/fundTransfer': pick(() => import('../pages/fund/fund-transfer-page.tsx'), 'FundTransferPage'),
  '/pages/fund/transfer_history': pick(() => import('../pages/fund/transfer-history-page.tsx'), 'TransferHistoryPage'),
  '/pages/download/index': pick(() => import('../pages/download/download-page.tsx'), 'DownloadPage'),
  '/pages/market/market': pick(() => import('../pages/market/market-page.tsx'), 'MarketPage'),
  '/pages/quotation/index': pick(() => import('../pages/market/market-page.tsx'), 'MarketPage'),
  '/pages/market/search': pick(() => import('../pages/market/search-page.tsx'), 'SearchPage'),
  '/pages/transaction/index': pick(() => import('../pages/transaction/trade-tab-page.tsx'), 'TradeTabPage'),
  '/pages/transaction/currency': pick(() => import('../pages/transaction/currency-page.tsx'), 'CurrencyPage'),
  '/pages/transaction/currency_order': pick(() => import('../pages/transaction/currency-order-page.tsx'), 'CurrencyOrderPage'),
  '/pages/transaction/contract': pick(() => import('../pages/transaction/contract-page.tsx'), 'ContractPage'),
  '/pages/transaction/contract_order': pick(() => import('../pages/transaction/contract-order-page.tsx'), 'ContractOrderPage'),
  '/pages/transaction/index2': pick(() => import('../pages/transaction/index2-page.tsx'), 'Index2Page'),
  '/pages/transaction/seconds_order': pick(() => import('../pages/transaction/seconds-order-page.tsx'), 'SecondsOrderPage'),
};

export const underDevelopment: PageLoader = pick(() => import('../ui/under-development.tsx'), 'UnderDevelopment');
