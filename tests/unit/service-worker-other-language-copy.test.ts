import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core';
import { otherLanguageCopy } from '../../sw/other-language-copy.ts';

const DAY_MS = 86_400_000;
const here = (path: string) => new URL(path, self.location.origin).href;

/** One named cache as the Cache API answers `keys(request, { ignoreSearch })` and `match(key)`. */
function stubCache(name: string, copies: Record<string, { body: string; date?: number }>) {
  const entries = Object.entries(copies).map(([path, { body, date }]) => ({
    request: new Request(here(path)),
    response: new Response(body, { headers: date === undefined ? {} : { Date: new Date(date).toUTCString() } }),
  }));
  const withoutSearch = (href: string) => href.split('?')[0];
  vi.stubGlobal('caches', {
    open: async (asked: string) => {
      expect(asked).toBe(name);
      return {
        keys: async (request: Request, options?: CacheQueryOptions) =>
          entries.filter((e) => (options?.ignoreSearch ? withoutSearch(e.request.url) === withoutSearch(request.url) : e.request.url === request.url)).map((e) => e.request),
        match: async (key: Request) => entries.find((e) => e.request.url === key.url)?.response.clone(),
      };
    },
  });
}

async function fallback(plugin: WorkboxPlugin, path: string): Promise<string | undefined> {
  type Failed = Parameters<NonNullable<WorkboxPlugin['handlerDidError']>>[0];
  const failed = { request: new Request(here(path)), error: new TypeError('Failed to fetch'), event: new Event('fetch'), state: {} } as Failed;
  const response = await plugin.handlerDidError?.(failed);
  return response?.text();
}

afterEach(() => vi.unstubAllGlobals());

describe('a read that failed with no copy in its own language', () => {
  const now = Date.now();

  it('gets the newest copy of the same read in another language', async () => {
    stubCache('brisk-content-v1', {
      '/api/faq?lang=en': { body: 'english', date: now - 2 * DAY_MS },
      '/api/faq?lang=jp': { body: 'japanese', date: now - DAY_MS },
      '/api/aboutus?lang=en': { body: 'another read', date: now },
    });
    expect(await fallback(otherLanguageCopy('brisk-content-v1', 14 * 86_400), '/api/faq?lang=fra')).toBe('japanese');
  });

  it('only of the same read: its other parameters must match, in any order', async () => {
    stubCache('brisk-content-v1', {
      '/api/news/list?c_id=5&page=1&lang=en': { body: 'another list', date: now },
      '/api/news/list?lang=en&page=1&c_id=4': { body: 'this list', date: now - DAY_MS },
      '/api/news/list?c_id=4&page=2&lang=en': { body: 'another page', date: now },
    });
    expect(await fallback(otherLanguageCopy('brisk-content-v1', 14 * 86_400), '/api/news/list?c_id=4&page=1&lang=fra')).toBe('this list');
  });

  it('never one older than the cache keeps, one that cannot say how old it is, or for a read without a language', async () => {
    stubCache('brisk-private-v1', {
      '/api/wallet/list?lang=en': { body: 'expired', date: now - 8 * DAY_MS },
      '/api/wallet/list?lang=jp': { body: 'undated' },
      '/api/user/info': { body: 'no language', date: now },
    });
    const plugin = otherLanguageCopy('brisk-private-v1', 7 * 86_400);
    expect(await fallback(plugin, '/api/wallet/list?lang=fra')).toBeUndefined();
    expect(await fallback(plugin, '/api/user/info?x=1')).toBeUndefined();
  });
});
