import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module per test: the atom reads the device copy when the module loads. */
async function load() {
  vi.resetModules();
  return import('./recent-pairs.ts');
}

describe('recent pairs', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a pair at once and keeps it on the device once the page is idle', async () => {
    const recent = await load();
    recent.recordRecentPair('ETH/USDT');
    recent.recordRecentPair('BTC/USDT');
    expect(recent.$recentPairs.get()).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(recent.lastPair()).toBe('BTC/USDT');
    expect(localStorage.getItem('recent_pairs')).toBeNull();
    vi.runAllTimers();
    expect(JSON.parse(localStorage.getItem('recent_pairs') ?? '[]')).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(localStorage.getItem('last_pair')).toBe('BTC/USDT');
    // The next visit starts from what was kept.
    const again = await load();
    expect(again.$recentPairs.get()).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(again.lastPair()).toBe('BTC/USDT');
  });

  it('writes what is waiting when the page is hidden', async () => {
    const recent = await load();
    recent.recordRecentPair('SOL/USDT');
    dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('last_pair')).toBe('SOL/USDT');
  });

  it('writes what is waiting when the page goes to the background', async () => {
    const recent = await load();
    recent.recordRecentPair('ADA/USDT');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(localStorage.getItem('last_pair')).toBe('ADA/USDT');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('keeps ten, newest first, and refuses what is not a pair', async () => {
    const recent = await load();
    for (let i = 0; i < 12; i += 1) recent.recordRecentPair(`C${i}/USDT`);
    recent.recordRecentPair('C5/USDT');
    recent.recordRecentPair('<script>');
    expect(recent.$recentPairs.get()).toEqual(['C5/USDT', 'C11/USDT', 'C10/USDT', 'C9/USDT', 'C8/USDT', 'C7/USDT', 'C6/USDT', 'C4/USDT', 'C3/USDT', 'C2/USDT']);
    recent.clearRecentPairs();
    vi.runAllTimers();
    expect(recent.$recentPairs.get()).toEqual([]);
    expect(localStorage.getItem('recent_pairs')).toBeNull();
    expect(recent.lastPair()).toBe('C5/USDT');
  });
});
