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

  it('tells a quiet set\'s first change in the next task; later changes wait for the tell\'s own timer, and set none', async () => {
    vi.useFakeTimers();
    const told: string[][] = [];
    onQuoteInterest((symbols) => told.push([...symbols].sort()));
    await vi.advanceTimersByTimeAsync(INTEREST_THROTTLE_MS * 2);
    told.length = 0;
    const stopD = quoteStore('INT-D/USDT').listen(() => {});
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual([['INT-D/USDT']]);
    // A scroll: rows come and go every 20 ms for a second. Each change only raises a flag.
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const stops: (() => void)[] = [];
    let armedByChanges = 0;
    for (let i = 0; i < 50; i += 1) {
      const before = armed.mock.calls.length;
      stops.push(quoteStore(`INT-S${i}/USDT`).listen(() => {}));
      if (i >= 2) stops[i - 2]!();
      await Promise.resolve();
      armedByChanges += armed.mock.calls.length - before;
      await vi.advanceTimersByTimeAsync(20);
    }
    armed.mockRestore();
    expect(armedByChanges).toBe(0);
    // At most one message a period, and the last one holds what is listened to now.
    expect(told.length).toBeGreaterThanOrEqual(9);
    expect(told.length).toBeLessThanOrEqual(11);
    await vi.advanceTimersByTimeAsync(INTEREST_THROTTLE_MS);
    expect(told.at(-1)).toEqual(['INT-D/USDT', 'INT-S48/USDT', 'INT-S49/USDT']);
    // Quiet again: no more messages, and the next change is told at once.
    const count = told.length;
    await vi.advanceTimersByTimeAsync(INTEREST_THROTTLE_MS * 3);
    expect(told).toHaveLength(count);
    stopD();
    await vi.advanceTimersByTimeAsync(0);
    expect(told.at(-1)).toEqual(['INT-S48/USDT', 'INT-S49/USDT']);
    stops.slice(-2).forEach((stop) => stop());
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
