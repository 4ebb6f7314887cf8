/** An entry of the worker's CACHE_URLS message (workbox-routing's Router.addCacheListener). */
export type UrlToCache = string | [string, RequestInit];

/** Enough for a first visit's reads (home makes about twenty) without refetching a whole session. */
export const MAX_FIRST_READS = 60;

/** Files of the app the worker never caches from the page's word: itself and the stream's transport. */
const NEVER = /^(sw\.js|socket\.io\/)/;

/**
 * What a page read before its service worker existed, as a CACHE_URLS list: on a first visit the
 * worker installs after the screen's reads, so without this the news, quotes and catalog that visit
 * showed are not in its caches, and the app opened offline right after its first visit would have
 * nothing to show. The worker's own routes decide what is kept (a URL no route matches is not
 * fetched at all); API reads carry the session's token so the user's own data is kept only while
 * signed in, as the worker's private route requires. Only URLs under the app's `base` (its
 * directory URL, where the worker's scope is), once each, at most MAX_FIRST_READS.
 */
export function firstReadsToKeep(entries: readonly { name: string }[], page: { base: string; token: string }): UrlToCache[] {
  const seen = new Set<string>();
  const urls: UrlToCache[] = [];
  for (const { name } of entries) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    url.hash = '';
    const href = url.href;
    if (!href.startsWith(page.base)) continue;
    const path = href.slice(page.base.length);
    if (NEVER.test(path) || seen.has(href)) continue;
    seen.add(href);
    const api = path.startsWith('api/');
    urls.push(api && page.token ? [href, { headers: { Authorization: page.token } }] : href);
    if (urls.length === MAX_FIRST_READS) break;
  }
  return urls;
}
