import { describe, expect, it } from 'vitest';
import { DepthBook } from './depth-book.ts';

describe('DepthBook', () => {
  it('orders each side best first with running totals and shared bar scale', () => {
    const book = new DepthBook();
    book.reset(
      [['99', '1'], ['100', '2'], ['98', '0.5']],
      [['102', '1'], ['101', '4']],
    );
    const { bids, asks } = book.top(10);
    expect(bids.map((r) => [r.price, r.cumulative])).toEqual([['100', '2'], ['99', '3'], ['98', '3.5']]);
    expect(asks.map((r) => [r.price, r.cumulative])).toEqual([['101', '4'], ['102', '5']]);
    expect(asks[1]!.barPct).toBe(100);
    expect(bids[0]!.barPct).toBe(40);
    expect(book.spread()).toEqual({ bid: '100', ask: '101' });
  });

  it('applies deltas: zero removes, a new amount replaces, same value different spelling is one level', () => {
    const book = new DepthBook();
    book.reset([['100.00', '2']], [['101', '1']]);
    book.apply([['100', '5'], ['99.5', '1']], [['101', '0']]);
    const { bids, asks } = book.top(5);
    expect(bids.map((r) => [r.price, r.amount])).toEqual([['100', '5'], ['99.5', '1']]);
    expect(asks).toEqual([]);
  });

  it('a snapshot replaces everything; top limits the rows', () => {
    const book = new DepthBook();
    book.reset([['1', '1'], ['2', '1'], ['3', '1']], []);
    expect(book.top(2).bids.map((r) => r.price)).toEqual(['3', '2']);
    book.reset([['5', '1']], [['6', '1']]);
    expect(book.top(5).bids.map((r) => r.price)).toEqual(['5']);
  });

  it('ignores malformed levels', () => {
    const book = new DepthBook();
    book.reset([['x', '1'], ['1', 'NaN']], []);
    expect(book.top(5).bids).toEqual([]);
  });
});
