/** Site configuration and editorial content: /getSiteConfig, /news/*, /faq, /menu, static texts. */

export interface SiteConfig {
  site_name: string;
  site_logo: string;
  down_logo: string;
  version: string;
  version_code: number;
}

export interface SettingValue {
  keyword: string;
  value: string;
}

/** Category ids of /news/list. */
export const NEWS_CATEGORY = { news: 4, banner: 5 } as const;

export interface NewsItem {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  /** Image path on this host ('' when none). */
  thumbnail: string;
  /** For banners: an in-app route or an absolute URL to open; '' opens the article. */
  link: string;
  created_at: string;
}

export interface NewsDetail extends NewsItem {
  /** Plain text; paragraphs separated by blank lines. */
  content: string;
}

export interface Notice {
  id: number;
  title: string;
  content: string;
}

export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

/** A titled block of plain text: about us, contact us, operational compliance. */
export interface TextPage {
  title: string;
  content: string;
}

/** Keys of the home feature menu (section 2); the client owns icons, labels and routes. */
export const MENU_KEYS = [
  'recharge',
  'withdraw',
  'stock',
  'futures',
  'copytrade',
  'financial',
  'leverage',
  'otc',
  'card',
  'bill',
  'exchange',
  'lockming',
  'game',
  'chat',
  'quickbuy',
  'defi',
  'cloud',
  'nft',
  'borrow',
  'repay',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

export interface MenuItem {
  key: MenuKey;
  enabled: boolean;
}

export interface CoinNetwork {
  id: number;
  /** Such as ERC20, TRC20, or the coin's own chain name for a native coin. */
  name: string;
  /** Confirmations a deposit on this network needs. */
  confirmations: number;
  /** Decimal strings in the coin's unit, such as "0.0005". */
  withdraw_fee: string;
  min_withdraw: string;
}

export interface Coin {
  id: number;
  /** The ticker symbol, such as BTC. */
  name: string;
  /** The coin's full name, such as Bitcoin. */
  full_name: string;
  /** The networks joined for display, such as "ERC20/TRC20"; '' for a native coin. */
  subName: string;
  networks: CoinNetwork[];
  /** 'coin' for a chain's native asset, 'token' for a token on a network, 'fiat' for a legal currency. */
  type: 'coin' | 'token' | 'fiat';
  status: 0 | 1;
  image: string;
  /** Decimal places the ledger keeps for this currency. */
  decimals: number;
}
