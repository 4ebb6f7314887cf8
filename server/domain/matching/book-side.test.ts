import { describe, expect, it } from 'vitest';
import { BookSide } from './book-side.ts';
import { OrderNode } from './price-level.ts';

/** Adds one order of `lots` at a price, as the book does. */
function add(side: BookSide, id: number, priceTicks: number, lots: number): OrderNode {
  const level = side.levelFor(priceTicks);
  const node = new OrderNode(id, 1, side.side, lots, level);
  level.append(node);
  side.touch(level);
  return node;
}

function removeOrder(side: BookSide, node: OrderNode): void {
  node.level.unlink(node);
  side.touch(node.level);
  if (node.level.count === 0) side.release(node.level);
}

describe('BookSide', () => {
  it('keeps levels sorted best last, whatever the arrival order', () => {
    const asks = new BookSide('sell');
    for (const [i, price] of [105, 101, 110, 103, 101].entries()) add(asks, i + 1, price, 1);
    expect(asks.levels.map((l) => l.priceTicks)).toEqual([110, 105, 103, 101]);
    expect(asks.depth(10)).toEqual([[101, 2], [103, 1], [105, 1], [110, 1]]);
    const bids = new BookSide('buy');
    for (const [i, price] of [99, 95, 97].entries()) add(bids, i + 1, price, 2);
    expect(bids.levels.map((l) => l.priceTicks)).toEqual([95, 97, 99]);
    expect(bids.best()?.priceTicks).toBe(99);
  });

  it('keeps emptied levels out of sight, never last, and compacts them once they outnumber the live ones', () => {
    const bids = new BookSide('buy');
    const nodes = Array.from({ length: 300 }, (_, i) => add(bids, i + 1, 1_000 + i, 1 + (i % 3)));
    // Empty every level but the multiples of 10, best-first and in the middle, in a scattered order.
    const doomed = nodes.filter((_, i) => i % 10 !== 0);
    for (let k = 0; k < doomed.length; k++) removeOrder(bids, doomed[(k * 7) % doomed.length] as OrderNode);
    const live = nodes.filter((_, i) => i % 10 === 0);
    expect(bids.depth(1_000)).toEqual(live.reverse().map((n) => [n.level.priceTicks, n.lots]));
    expect(bids.best()?.priceTicks).toBe(1_290);
    expect(bids.levels.length).toBeLessThan(2 * 30 + 64 + 2);
    expect(bids.levels.every((l, i, all) => i === 0 || (all[i - 1] as typeof l).priceTicks < l.priceTicks)).toBe(true);
    // A price whose level was emptied (kept or compacted away) takes orders again, in its place.
    add(bids, 1_000, 1_155, 4);
    add(bids, 1_001, 1_291, 5);
    expect(bids.depth(3)).toEqual([[1_291, 5], [1_290, 1 + (290 % 3)], [1_280, 1 + (280 % 3)]]);
    expect(bids.depth(1_000).find(([price]) => price === 1_155)).toEqual([1_155, 4]);
  });

  it('reports each changed price once, with 0 for a level gone, and forgets it', () => {
    const asks = new BookSide('sell');
    const a = add(asks, 1, 100, 3);
    add(asks, 2, 100, 1);
    add(asks, 3, 102, 2);
    expect(asks.takeChanges()).toEqual([[100, 4], [102, 2]]);
    removeOrder(asks, a);
    expect(asks.takeChanges()).toEqual([[100, 1]]);
    expect(asks.takeChanges()).toEqual([]);
    const c = asks.levels[0]?.head as OrderNode;
    removeOrder(asks, c);
    add(asks, 4, 101, 7);
    expect(asks.takeChanges()).toEqual([[101, 7], [102, 0]]);
  });
});
