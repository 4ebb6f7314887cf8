import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routePreload, type PreloadTable } from '../../scripts/vite/route-preload.ts';
import { READ_SIGNED_IN, readFlags } from '../../src/api/early-reads.ts';
import { FUND_ROUTES } from '../../src/pages/fund/routes.ts';

/** The table the build writes for the assets tab, its files left out (the reads are what is tested). */
const table: PreloadTable = {
  files: ['assets-page.js'],
  routes: { '/pages/fund/assets': [0] },
  reads: { '/pages/fund/assets': FUND_ROUTES.find((route) => route.path === '/pages/fund/assets')!.reads!.map((read) => [read.path, { ...read.params }, readFlags(read)]) },
  locales: ['en'],
  defaultLocale: 'en',
};

let fetched: { url: string; headers: Record<string, string> }[];

beforeEach(() => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url, headers: init.headers });
      return new Promise(() => undefined);
    }),
  );
  location.hash = '#/pages/fund/assets';
  localStorage.clear();
  window.__briskEarly = undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
});

describe('routePreload', () => {
  it("reads the assets tab's balances early only for a signed-in user, with the token", () => {
    expect(table.reads['/pages/fund/assets']![0]![2] & READ_SIGNED_IN).toBe(READ_SIGNED_IN);
    routePreload(table);
    expect(fetched).toEqual([]);
    expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(1);

    localStorage.setItem('token', 'tok-1');
    routePreload(table);
    expect(fetched).toEqual([{ url: `${location.origin}/api/wallet/list?lang=en`, headers: { Authorization: 'tok-1' } }]);
    expect(Object.keys(window.__briskEarly ?? {})).toEqual([`${location.origin}/api/wallet/list?lang=en`]);
  });
});
