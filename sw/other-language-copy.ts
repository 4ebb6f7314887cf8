import type { WorkboxPlugin } from 'workbox-core';

/** A read's URL without the language it asks in; undefined for a URL that names none. */
export function readWithoutLang(href: string): string | undefined {
  const url = new URL(href);
  if (!url.searchParams.has('lang')) return undefined;
  url.searchParams.delete('lang');
  url.searchParams.sort();
  return url.href;
}

/**
 * Every API read carries `lang`, so a cache keeps one copy of a read per language. After the language
 * changes offline, the new one's reads were never made: rather than the offline error, a screen gets
 * the newest copy of the same read in another language, still dated by its Date header, which the
 * screen shows. Only when the network failed and there is no copy in the language asked for.
 *
 * A copy older than `maxAgeSeconds` (the cache's expiration, which would refuse it in its own
 * language) or without a Date (it could not say how old it is) is never served.
 */
export function otherLanguageCopy(cacheName: string, maxAgeSeconds: number): WorkboxPlugin {
  return {
    handlerDidError: async ({ request }) => {
      const wanted = readWithoutLang(request.url);
      if (wanted === undefined) return undefined;
      const oldest = Date.now() - maxAgeSeconds * 1000;
      const cache = await caches.open(cacheName);
      let newest: { copy: Response; date: number } | undefined;
      for (const key of await cache.keys(request, { ignoreSearch: true })) {
        if (readWithoutLang(key.url) !== wanted) continue;
        const copy = await cache.match(key);
        const date = Date.parse(copy?.headers.get('date') ?? '');
        if (copy && date >= oldest && date > (newest?.date ?? -Infinity)) newest = { copy, date };
      }
      return newest?.copy;
    },
  };
}
