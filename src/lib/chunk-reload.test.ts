import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS, chunkGone, chunkUrlOf, isChunkLoadError, reloadOnceForChunk } from './chunk-reload.ts';

describe('isChunkLoadError', () => {
  it("recognises the browsers' failed dynamic imports and nothing else", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/faq-page-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError('Network error')).toBe(false);
  });
});

describe('reloadOnceForChunk', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads once, then not again within the guard time, then again after it', () => {
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(reloadOnceForChunk(t0, reload)).toBe(true);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBe(String(t0));
    expect(reloadOnceForChunk(t0 + RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunk(t0 + RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the device is offline, nor use up its one reload', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(1_000, reload, false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBeNull();
    expect(reloadOnceForChunk(2_000, reload, true)).toBe(true);
  });

  it('does not reload when sessionStorage is unavailable (no guard, no loop)', () => {
    const reload = vi.fn();
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(reloadOnceForChunk(1, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('chunkUrlOf', () => {
  it('reads the chunk a load error names, made absolute', () => {
    expect(chunkUrlOf(new TypeError('Failed to fetch dynamically imported module: http://x.test/assets/faq-page-1.js'))).toBe('http://x.test/assets/faq-page-1.js');
    expect(chunkUrlOf(new Error('Unable to preload CSS for /assets/market-shared-2.css'))).toBe(new URL('/assets/market-shared-2.css', location.href).href);
    expect(chunkUrlOf(new TypeError('Importing a module script failed.'))).toBeUndefined();
  });
});

describe('chunkGone', () => {
  const error = new TypeError('Failed to fetch dynamically imported module: http://x.test/assets/faq-page-1.js');
  const answering = (status: number, type: string) => vi.fn(() => Promise.resolve(new Response(null, { status, headers: { 'content-type': type } })));

  it('asks the server about the named chunk, without the cache', async () => {
    const fetcher = answering(404, 'application/json');
    expect(await chunkGone(error, fetcher)).toBe(true);
    expect(fetcher).toHaveBeenCalledWith('http://x.test/assets/faq-page-1.js', { method: 'HEAD', cache: 'no-store' });
  });

  it('takes a chunk the server still serves for one the network lost', async () => {
    expect(await chunkGone(error, answering(200, 'text/javascript; charset=utf-8'))).toBe(false);
  });

  it("takes a host's page in the chunk's place for a chunk that is gone", async () => {
    expect(await chunkGone(error, answering(200, 'text/html'))).toBe(true);
  });

  it('takes an unanswered question for a lost network, not a new build', async () => {
    expect(await chunkGone(error, vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))).toBe(false);
  });

  it('without a named chunk, assumes an update', async () => {
    const fetcher = answering(200, 'text/javascript');
    expect(await chunkGone(new TypeError('Importing a module script failed.'), fetcher)).toBe(true);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
