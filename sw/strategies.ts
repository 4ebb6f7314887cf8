import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { CACHE } from './cache-names.ts';
import { otherLanguageCopy } from './other-language-copy.ts';

const DAY_S = 86_400;
const CONTENT_MAX_AGE_S = 14 * DAY_S;
const MARKET_MAX_AGE_S = 2 * DAY_S;
const PRIVATE_MAX_AGE_S = 7 * DAY_S;
const okStatus = () => new CacheableResponsePlugin({ statuses: [200] });

/**
 * Business errors also travel as HTTP 200; only an `ok` envelope is worth keeping, or an offline
 * reader would see a cached error instead of the last good data.
 */
const okEnvelopeOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    try {
      const body = (await response.clone().json()) as { type?: unknown };
      return body.type === 'ok' ? response : null;
    } catch {
      return null;
    }
  },
};

export const contentStrategy = () =>
  new StaleWhileRevalidate({
    cacheName: CACHE.content,
    plugins: [okStatus(), okEnvelopeOnly, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: CONTENT_MAX_AGE_S }), otherLanguageCopy(CACHE.content, CONTENT_MAX_AGE_S)],
  });

/** Quotes and klines: fresh when the network answers within 3 s, else the last copy. */
export const marketStrategy = () =>
  new NetworkFirst({
    cacheName: CACHE.market,
    networkTimeoutSeconds: 3,
    plugins: [okStatus(), okEnvelopeOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: MARKET_MAX_AGE_S }), otherLanguageCopy(CACHE.market, MARKET_MAX_AGE_S)],
  });

/**
 * Bumped when the session ends. An answer to a request made before that (still in flight during the
 * logout) belongs to the old session and must not land in the freshly emptied cache.
 */
let privateEpoch = 0;
export function endPrivateEpoch(): void {
  privateEpoch += 1;
}
const sameSessionOnly: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.epoch = privateEpoch;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) => (state?.epoch === privateEpoch ? response : null),
};

/**
 * Least recently used first: every page and filter of a history is an entry of its own, so the room
 * is enough for a user's balances and profile (read on most visits) to outlast a long browse.
 */
const privateExpiration = new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: PRIVATE_MAX_AGE_S });

/**
 * Deletes the private cache and its expiration records: those name every URL the user read and
 * when (the pair of their open orders among them), in a database of their own that outlives the cache.
 */
export const clearPrivateCache = (): Promise<void> => privateExpiration.deleteCacheAndMetadata();

/** The user's own data: fresh when the network answers within 4 s, else the copy of this session. */
export const privateStrategy = () =>
  new NetworkFirst({
    cacheName: CACHE.private,
    networkTimeoutSeconds: 4,
    plugins: [okStatus(), okEnvelopeOnly, sameSessionOnly, privateExpiration, otherLanguageCopy(CACHE.private, PRIVATE_MAX_AGE_S)],
  });

export const imageStrategy = () =>
  new CacheFirst({
    cacheName: CACHE.images,
    plugins: [okStatus(), new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })],
  });

/**
 * Catalog chunks are content-hashed, so a cached one never goes stale; only the active few are kept
 * (two chunks a locale: its start part and the rest).
 */
export const localeStrategy = () =>
  new CacheFirst({
    cacheName: CACHE.locale,
    plugins: [okStatus(), new ExpirationPlugin({ maxEntries: 8 })],
  });

/** Hashed files outside the precache: a cached one never changes; old ones age out. */
export const lazyAssetStrategy = () =>
  new CacheFirst({
    cacheName: CACHE.assets,
    plugins: [okStatus(), new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 60 * DAY_S })],
  });
