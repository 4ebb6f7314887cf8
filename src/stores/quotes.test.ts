import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTEREST_THROTTLE_MS, onQuoteInterest, quoteStore } from './quotes.ts';

afterEach(() => vi.useRealTimers());

describe('quote interest', () => {
  it('tells the pairs something listens to, once per burst, and drops a pair when its last listener goes', async () => {
    vi.useFakeTimers();
    const told: string[][] = [];
    onQuoteInterest((symbols) => told.push([...symbols].sort()));
    told.length = 0;
    const stopA = quoteStore('INT-A/USDT').listen(() => {});
    const stopB = quoteStore('INT-B/USDT').listen(() => {});
    const stopB2 = quoteStore('INT-B/USDT').listen(() => {});
    await vi.advanceTimersByTimeAsync(INTEREST_THROTTLE_MS);
    expect(told).toEqual([['INT-A/USDT', 'INT-B/USDT']]);

    stopB();
    stopA();
    await vi.advanceTimersByTimeAsync(INTEREST_THROTTLE_MS);
    // B still has a listener; A has none and is dropped without waiting for any unmount delay.
    expect(told.at(-1)).toEqual(['INT-B/USDT']);
    expect(told).toHaveLength(2);
    stopB2();
    await vi.advanceTimersByTimeAsync(INTEREST_THROTTLE_MS);
    expect(told.at(-1)).toEqual([]);
  });

  it('reading a quote is not interest', async () => {
    vi.useFakeTimers();
    const told: string[][] = [];
    onQuoteInterest((symbols) => told.push(symbols));
    told.length = 0;
    void quoteStore('INT-C/USDT').value;
    await vi.advanceTimersByTimeAsync(INTEREST_THROTTLE_MS);
    expect(told).toEqual([]);
  });
});
