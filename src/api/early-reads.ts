import { NEWS_CATEGORY } from '../../contract/api/content.ts';

export type EarlyParams = Readonly<Record<string, string | number>>;
export interface EarlyRead {
  path: string;
  params: EarlyParams;
  /** The answer is a news page whose first item's thumbnail is the screen's largest image: fetch it as soon as it is known. */
  firstImage?: true;
  /** The user's own data: read only with a session token (sent as the API client sends it). */
  signedIn?: true;
}

/** The flags of a read in index.html's table (build/route-preload.ts), one bit each. */
export const READ_FIRST_IMAGE = 1;
export const READ_SIGNED_IN = 2;
export const readFlags = (read: EarlyRead): number => (read.firstImage ? READ_FIRST_IMAGE : 0) | (read.signedIn ? READ_SIGNED_IN : 0);

/** The home tab's banners and news: the first banner's image is the home tab's largest paint. */
export const HOME_BANNERS = { c_id: NEWS_CATEGORY.banner, page: 1, limit: 5 } as const;
export const HOME_NEWS = { c_id: NEWS_CATEGORY.news, page: 1, limit: 5 } as const;

const HOME: EarlyRead[] = [
  { path: '/news/list', params: HOME_BANNERS, firstImage: true },
  { path: '/news/list', params: HOME_NEWS },
];
const QUOTATIONS: EarlyRead[] = [{ path: '/currency/quotation_new', params: {} }];
/** The assets tab's balances: a GET (the server answers both methods), so the worker can keep it for offline reading. */
export const WALLET_OVERVIEW: EarlyRead = { path: '/wallet/list', params: {}, signedIn: true };

/**
 * Reads each screen starts from, by hash path. index.html asks for them before any script
 * has loaded (build/route-preload.ts), and api/early.ts hands each answer to the screen's first call.
 * Plain data, so the build can read it too.
 */
export const EARLY_READS: Readonly<Record<string, readonly EarlyRead[]>> = {
  '/': HOME,
  '/pages/index/index': HOME,
  '/pages/market/market': QUOTATIONS,
  '/pages/quotation/index': QUOTATIONS,
  '/pages/transaction/index': QUOTATIONS,
  '/pages/transaction/currency': QUOTATIONS,
  '/pages/fund/assets': [WALLET_OVERVIEW],
};

/** The URL client.ts builds for a GET (same parameter order), so the worker's cache sees one entry. */
export function earlyUrl(base: string, read: EarlyRead, lang: string): string {
  const url = new URL('api/' + read.path.replace(/^\/+/, ''), base);
  for (const [key, value] of Object.entries({ ...read.params, lang })) url.searchParams.append(key, String(value));
  return url.href;
}
