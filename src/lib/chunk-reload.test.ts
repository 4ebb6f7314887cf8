import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS, isChunkLoadError, reloadOnceForChunk } from './chunk-reload.ts';

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
