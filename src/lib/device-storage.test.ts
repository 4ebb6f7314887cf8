import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from './device-storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('device storage', () => {
  it('writes, reads and removes', () => {
    expect(writeStored('k', 'v')).toBe(true);
    expect(readStored('k')).toBe('v');
    expect(writeStored('k', null)).toBe(true);
    expect(readStored('k')).toBeNull();
  });

  it('answers null and false instead of throwing when storage refuses', () => {
    localStorage.setItem('k', 'kept');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readStored('k')).toBeNull();
    expect(writeStored('k', 'new')).toBe(false);
  });
});
