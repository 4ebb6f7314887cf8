import { NEWS_CATEGORY } from '../../contract/api/content.ts';
import type { EarlyRead } from '../lib/route-manifest.ts';

export type { EarlyParams, EarlyRead } from '../lib/route-manifest.ts';

/**
 * Each route's reads are in its page folder's manifest (`reads`): index.html asks for them before any
 * script has loaded (scripts/vite/route-preload.ts), and api/early.ts hands each answer to the
 * screen's first call.
 *
 * The flags of a read in index.html's table, one bit each.
 */
export const READ_FIRST_IMAGE = 1;
export const READ_SIGNED_IN = 2;
export const readFlags = (read: EarlyRead): number => (read.firstImage ? READ_FIRST_IMAGE : 0) | (read.signedIn ? READ_SIGNED_IN : 0);

/** The home tab's banners and news: the first banner's image is the home tab's largest paint. */
export const HOME_BANNERS = { c_id: NEWS_CATEGORY.banner, page: 1, limit: 5 } as const;
export const HOME_NEWS = { c_id: NEWS_CATEGORY.news, page: 1, limit: 5 } as const;

/** The home tab's first reads (src/pages/index/routes.ts). */
export const HOME_READS: readonly EarlyRead[] = [
  { path: '/news/list', params: HOME_BANNERS, firstImage: true },
  { path: '/news/list', params: HOME_NEWS },
];
/** The market list: the market and trade tabs and coin trading start from it. */
export const QUOTATION_READS: readonly EarlyRead[] = [{ path: '/currency/quotation_new', params: {} }];
/** The assets tab's balances: a GET (the server answers both methods), so the worker can keep it for offline reading. */
export const WALLET_OVERVIEW: EarlyRead = { path: '/wallet/list', params: {}, signedIn: true };

/** The URL client.ts builds for a GET (same parameter order), so the worker's cache sees one entry. */
export function earlyUrl(base: string, read: EarlyRead, lang: string): string {
  const url = new URL('api/' + read.path.replace(/^\/+/, ''), base);
  for (const [key, value] of Object.entries({ ...read.params, lang })) url.searchParams.append(key, String(value));
  return url.href;
}
