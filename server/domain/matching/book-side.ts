import type { DepthLevel, Side } from './matching-types.ts';
import { PriceLevel } from './price-level.ts';

/** Empty levels tolerated in the middle of the array before it is compacted (and never more than the live ones). */
const MIN_EMPTY_BEFORE_COMPACT = 64;

/**
 * One side of a book: its price levels in a sorted array, worst first and best LAST. Matching eats
 * the best level, which is then a pop; new orders mostly arrive near the top of the book, so the
 * splice that inserts a new level moves few elements. A Map finds an existing level in O(1); binary
 * search is only needed to create a level.
 *
 * A level emptied in the middle (a cancel) stays in the array, empty, until the array is compacted:
 * prices are reused all the time, and splicing it out and back in was the engine's main cost. The
 * last level is never empty, so best() stays O(1); readers skip empty levels.
 */
export class BookSide {
  readonly side: Side;
  readonly levels: PriceLevel[] = [];
  private readonly byPrice = new Map<number, PriceLevel>();
  /** Empty levels kept in `levels`. */
  private empty = 0;
  /** Prices whose aggregate changed since the last takeChanges(). */
  private readonly changed = new Set<number>();
  /** +1 for bids (a higher price is better), -1 for asks: sign * price grows towards the best level. */
  private readonly sign: number;

  constructor(side: Side) {
    this.side = side;
    this.sign = side === 'buy' ? 1 : -1;
  }

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  level(priceTicks: number): PriceLevel | undefined {
    return this.byPrice.get(priceTicks);
  }

  /** The level at this price, created and put in order when missing. The caller appends to it at once. */
  levelFor(priceTicks: number): PriceLevel {
    const existing = this.byPrice.get(priceTicks);
    if (existing !== undefined) {
      if (existing.count === 0) this.empty -= 1;
      return existing;
    }
    const level = new PriceLevel(priceTicks);
    const levels = this.levels;
    const at = this.indexOf(priceTicks);
    if (at === levels.length) levels.push(level);
    else levels.splice(at, 0, level);
    this.byPrice.set(priceTicks, level);
    return level;
  }

  /** Called when a level has just lost its last order. */
  release(level: PriceLevel): void {
    const levels = this.levels;
    if (levels[levels.length - 1] !== level) {
      this.empty += 1;
      if (this.empty > MIN_EMPTY_BEFORE_COMPACT && this.empty * 2 > levels.length) this.compact();
      return;
    }
    levels.pop();
    this.byPrice.delete(level.priceTicks);
    // Keep the best level non-empty: drop the empty ones uncovered behind it.
    for (let last = levels[levels.length - 1]; last !== undefined && last.count === 0; last = levels[levels.length - 1]) {
      levels.pop();
      this.byPrice.delete(last.priceTicks);
      this.empty -= 1;
    }
  }

  touch(level: PriceLevel): void {
    if (level.changed) return;
    level.changed = true;
    this.changed.add(level.priceTicks);
  }

  /** Changed levels, best first, with their lots now (0 = gone); forgets them. */
  takeChanges(): DepthLevel[] {
    if (this.changed.size === 0) return [];
    const out: DepthLevel[] = [];
    for (const priceTicks of this.changed) {
      const level = this.byPrice.get(priceTicks);
      if (level !== undefined) level.changed = false;
      out.push([priceTicks, level?.totalLots ?? 0]);
    }
    this.changed.clear();
    const sign = this.sign;
    return out.sort((a, b) => sign * (b[0] - a[0]));
  }

  depth(maxLevels: number): DepthLevel[] {
    const out: DepthLevel[] = [];
    const levels = this.levels;
    for (let i = levels.length - 1; i >= 0 && out.length < maxLevels; i--) {
      const level = levels[i] as PriceLevel;
      if (level.count > 0) out.push([level.priceTicks, level.totalLots]);
    }
    return out;
  }

  /** Where a new level at this price goes: the first index whose level is better. */
  private indexOf(priceTicks: number): number {
    const levels = this.levels;
    const sign = this.sign;
    const key = sign * priceTicks;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sign * (levels[mid] as PriceLevel).priceTicks < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compact(): void {
    const levels = this.levels;
    let kept = 0;
    for (const level of levels) {
      if (level.count > 0) levels[kept++] = level;
      else this.byPrice.delete(level.priceTicks);
    }
    levels.length = kept;
    this.empty = 0;
  }
}
