import { describe, expect, it } from 'vitest';
import { isContent, isImage, isPrivate } from '../../sw/matchers.ts';

const here = (path: string) => new URL(path, self.location.origin);
const match = (matcher: typeof isImage, path: string, init?: RequestInit) => matcher({ url: here(path), request: new Request(here(path), init) });

describe("the service worker's routes", () => {
  it('keep an image the page asks them to (CACHE_URLS: a request without a destination), by its file type', () => {
    expect(match(isImage, '/content/banner-1.svg')).toBe(true);
    expect(match(isImage, '/uploads/a1b2.webp')).toBe(true);
    expect(match(isImage, '/uploads/a1b2.webp', { headers: { Authorization: 'T0K3N' } })).toBe(false);
    expect(match(isImage, '/api/news/list')).toBe(false);
    expect(match(isImage, '/content/banner-1.svg', { method: 'POST' })).toBe(false);
    expect(isImage({ url: new URL('https://elsewhere.example/a.png'), request: new Request('https://elsewhere.example/a.png') })).toBe(false);
  });

  it('take private reads only with the session’s token, content reads without', () => {
    expect(match(isPrivate, '/api/wallet/list')).toBe(false);
    expect(match(isPrivate, '/api/wallet/list', { headers: { Authorization: 'T0K3N' } })).toBe(true);
    expect(match(isContent, '/api/news/list')).toBe(true);
  });

  it('keep every history a screen reads with GET for offline reading, and never a POST', () => {
    const token = { headers: { Authorization: 'T0K3N' } };
    for (const path of ['/api/lever/my_trade', '/api/wallet/legal_log', '/api/user/getTransferList', '/api/wallet/hzhistory', '/api/coin/list', '/api/recharge/log', '/api/user/withdraw/list', '/api/microtrade/lists']) {
      expect(match(isPrivate, `${path}?page=1`, token), path).toBe(true);
      expect(match(isPrivate, path, { ...token, method: 'POST' }), path).toBe(false);
    }
  });
});
