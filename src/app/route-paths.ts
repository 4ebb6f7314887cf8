/**
 * Every route of section 2, as data: the route table (routes.tsx) adds titles and page loaders, the
 * guard reads `protected`, and the end-to-end suite walks this list. Protected = it shows or changes
 * the user's own data, so it needs a stored token.
 *
 * `owner` says which piece of work builds the screen: 'shell' screens are real now; the others show
 * the "Feature under development" screen until their issue lands.
 */
export type RouteOwner = 'shell' | 'markets' | 'contracts' | 'products';

export interface RoutePath {
  path: string;
  protected: boolean;
  owner: RouteOwner;
  /** One of the five bottom tabs. */
  tab?: boolean;
  /** The web-view page draws no navigation bar of its own. */
  noNavBar?: boolean;
}

const r = (path: string, owner: RouteOwner, isProtected = false, extra: Partial<RoutePath> = {}): RoutePath => ({
  path,
  owner,
  protected: isProtected,
  ...extra,
});

export const ROUTE_PATHS: readonly RoutePath[] = [
  // The five tabs, in tab-bar order.
  r('/', 'shell', false, { tab: true }),
  r('/pages/market/market', 'shell', false, { tab: true }),
  r('/pages/transaction/index', 'shell', false, { tab: true }),
  r('/pages/financial/index', 'products', false, { tab: true }),
  r('/pages/fund/assets', 'shell', true, { tab: true }),
  r('/pages/index/index', 'shell'),

  r('/pages/common/login', 'shell'),
  r('/pages/common/register', 'shell'),
  r('/pages/common/forget', 'shell'),
  r('/pages/common/area', 'shell'),
  r('/pages/common/article', 'shell'),
  r('/pages/common/webView', 'shell', false, { noNavBar: true }),
  r('/pages/common/faq', 'shell'),
  r('/pages/common/contactus', 'shell'),
  r('/pages/common/aboutus', 'shell'),
  r('/pages/common/borrowing', 'products'),

  r('/pages/setting/setting', 'shell'),
  r('/pages/setting/userInfo', 'shell', true),
  r('/pages/setting/security', 'shell', true),
  r('/pages/setting/password', 'shell', true),
  r('/pages/setting/payPassword', 'shell', true),
  r('/pages/setting/coupon', 'shell', true),
  r('/pages/setting/wallet', 'shell', true),
  r('/pages/setting/addWallet', 'shell', true),
  r('/pages/setting/bill', 'shell', true),
  r('/pages/setting/real', 'shell', true),
  r('/pages/setting/real_mark', 'shell', true),
  r('/pages/setting/operational_compliance', 'shell'),
  r('/pages/setting/share', 'products', true),
  r('/pages/setting/areas', 'shell'),
  r('/pages/setting/bank', 'shell', true),
  r('/pages/setting/bank_international', 'shell', true),

  r('/pages/fund/select', 'shell', true),
  r('/pages/fund/receive', 'shell', true),
  r('/pages/fund/receive_withdraw_record', 'shell', true),
  r('/pages/fund/withdraw', 'shell', true),
  r('/pages/fund/assets_record', 'shell', true),
  r('/pages/fund/assets_all_record', 'shell', true),
  r('/pages/fund/transfer', 'shell', true),
  r('/pages/fund/fundTransfer', 'shell', true),
  r('/pages/fund/transfer_history', 'shell', true),

  r('/pages/market/search', 'shell'),

  // Section 1, "app download page": installing the PWA (reached from settings).
  r('/pages/download/index', 'shell'),

  r('/pages/copytrade/copy', 'products'),
  r('/pages/copytrade/my', 'products', true),
  r('/pages/copytrade/trader', 'products'),

  r('/pages/otc/otc', 'products'),

  r('/pages/ieo/ieo', 'products'),
  r('/pages/ieo/subscribe', 'products', true),
  r('/pages/ieo/order', 'products', true),

  r('/pages/lockming/lockming', 'products'),
  r('/pages/lockming/buy', 'products', true),
  r('/pages/lockming/order', 'products', true),
  r('/pages/lockming/welcome', 'products'),

  r('/pages/transaction/currency', 'shell'),
  r('/pages/transaction/currency_order', 'shell', true),
  r('/pages/transaction/contract', 'shell'),
  r('/pages/transaction/contract_order', 'shell', true),
  r('/pages/transaction/seconds_order', 'shell', true),
  r('/pages/transaction/index2', 'shell'),

  r('/pages/nft/nft', 'products'),
  r('/pages/nft/artistDetail', 'products'),
  r('/pages/nft/mine', 'products', true),
  r('/pages/nft/artworkDetail', 'products'),
  r('/pages/nft/artworkDetail_video', 'products'),
  r('/pages/nft/purchase', 'products', true),
  r('/pages/nft/purchase_one', 'products', true),
  r('/pages/nft/resell', 'products', true),
  r('/pages/nft/myNft', 'products', true),
  r('/pages/nft/components/artist', 'products'),
  r('/pages/nft/components/artwork', 'products'),
  r('/pages/nft/components/search', 'products'),
  r('/pages/nft/components/collection', 'products'),

  r('/pages/invest/invest', 'products'),
  r('/pages/invest/mine', 'products', true),
  r('/pages/invest/purchase', 'products', true),
  r('/pages/invest/help', 'products'),

  r('/pages/follow/index', 'products'),
  r('/pages/follow/trader', 'products'),
  r('/pages/follow/follow', 'products', true),
  r('/pages/follow/agreement_zh', 'products'),
  r('/pages/follow/agreement_en', 'products'),

  r('/pages/game/game', 'products'),
  r('/pages/kefu/index', 'products'),
  r('/pages/kf/kf', 'products'),

  r('/pages/mailMessage/mailMessage', 'products', true),
  r('/pages/mailMessage/mailMessageList', 'products', true),
  r('/pages/mailMessage/ggList', 'products'),
  r('/pages/mailMessage/ggDetail', 'products'),
  r('/pages/mailMessage/mailMessageDetail', 'products', true),

  r('/pages/quotation/index', 'shell'),

  r('/choose-location', 'products'),
  r('/open-location', 'products'),
];

export function findRoutePath(path: string): RoutePath | undefined {
  return ROUTE_PATHS.find((route) => route.path === path);
}
