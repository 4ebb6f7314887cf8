import { describe, expect, it } from 'vitest';
import { walkedTicks, type BookLevel } from '../../server/domain/deal-walk.ts';
import { dealTicks } from '../../server/domain/futures-math.ts';

/** A crumb at the top of the book, real depth behind it. */
const asks: BookLevel[] = [[59_001n, 1n], [61_000n, 1000n]];
const bids: BookLevel[] = [[60_999n, 1n], [59_000n, 1000n]];

describe('walkedTicks: the book price for a deal of a size', () => {
  it('is the top level for a deal it covers, and the average of the levels walked, rounded against the user, beyond it', () => {
    expect(walkedTicks(true, asks, { qtyScaled: 1n })).toBe(59_001n);
    // (59,001 + 2 x 61,000) / 3 = 60,333.67: up to buy.
    expect(walkedTicks(true, asks, { qtyScaled: 3n })).toBe(60_334n);
    // (60,999 + 2 x 59,000) / 3 = 59,666.33: down to sell.
    expect(walkedTicks(false, bids, { qtyScaled: 3n })).toBe(59_666n);
  });

  it('prices what a short side cannot hold at its last level, and has nothing to say for an empty side', () => {
    // 1 at 59,001, 1000 at 61,000, 10 more at 61,000: 61,000 - 1,999 / 1,011 = 60,998.02.
    expect(walkedTicks(true, asks, { qtyScaled: 1011n })).toBe(60_999n);
    expect(walkedTicks(true, [], { qtyScaled: 5n })).toBeNull();
  });

  it('walks a notional as the base quantity it buys', () => {
    // 59,001 buys the crumb, 122,000 two at 61,000: 181,001 / 3 = 60,333.67.
    expect(walkedTicks(true, asks, { notional: 181_001n })).toBe(60_334n);
    // Past the side: 1 + 1000 + 10 at 61,000.
    expect(walkedTicks(true, asks, { notional: 59_001n + 1010n * 61_000n })).toBe(60_999n);
  });

  it('deals at the worse for the user of mark, target and that price; mark and target alone without a book', () => {
    expect(dealTicks(true, 59_001n, 59_001n, walkedTicks(true, asks, { qtyScaled: 3n }))).toBe(60_334n);
    expect(dealTicks(false, 60_999n, 60_999n, walkedTicks(false, bids, { qtyScaled: 3n }))).toBe(59_666n);
    expect(dealTicks(true, 60_000n, 60_500n, null)).toBe(60_500n);
  });
});
