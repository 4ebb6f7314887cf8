import { describe, expect, it } from 'vitest';
import { CACHE } from '../../sw/cache-names.ts';
import { PRIVATE_CACHE_PREFIX } from '../../src/app/private-data.ts';

describe('cache names shared by the page and the service worker', () => {
  it("the page's private-cache prefix matches the worker's private cache, and nothing else", () => {
    expect(CACHE.private.startsWith(PRIVATE_CACHE_PREFIX)).toBe(true);
    const others = Object.entries(CACHE).filter(([key]) => key !== 'private');
    for (const [key, name] of others) expect(name.startsWith(PRIVATE_CACHE_PREFIX), `${key}: ${name}`).toBe(false);
  });
});
