import type { DepthLevel } from '../../contract/api/market.ts';
import { addDecimal, compareDecimal, isDecimalString } from './decimal.ts';
import { orderKey, shareOf } from './decimal-units.ts';

interface Level {
  price: string;
  amount: string;
  key: bigint;
}

/** A level as shown: price, amount, the running total from the best price, and its bar width. */
export interface DepthRow {
  price: string;
  amount: string;
  cumulative: string;
  /** Cumulative amount as a percentage of the largest cumulative shown on either side. */
  barPct: number;
}

/**
 * One symbol's order book on the client: a snapshot, then deltas in seq order (the stream client
 * guarantees the order). A delta level with amount "0" removes the level. Levels are keyed by
 * value, so "100" and "100.00" are the same price.
 */
export class DepthBook {
  private bids = new Map<bigint, Level>();
  private asks = new Map<bigint, Level>();

  reset(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): void {
    this.bids.clear();
    this.asks.clear();
    this.apply(bids, asks);
  }

  apply(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): void {
    applySide(this.bids, bids);
    applySide(this.asks, asks);
  }

  /** Best `n` of each side: bids high to low, asks low to high, bars scaled across both sides. */
  top(n: number): { bids: DepthRow[]; asks: DepthRow[] } {
    const bids = best(this.bids, n, -1);
    const asks = best(this.asks, n, 1);
    const bidRows = cumulate(bids);
    const askRows = cumulate(asks);
    const max = [bidRows.at(-1)?.cumulative, askRows.at(-1)?.cumulative].filter((c): c is string => c !== undefined).reduce((a, b) => (compareDecimal(a, b) >= 0 ? a : b), '0');
    for (const row of [...bidRows, ...askRows]) row.barPct = shareOf(row.cumulative, max);
    return { bids: bidRows, asks: askRows };
  }

  /** The best bid and ask prices, or undefined when a side is empty. */
  spread(): { bid?: string; ask?: string } {
    return { bid: best(this.bids, 1, -1)[0]?.price, ask: best(this.asks, 1, 1)[0]?.price };
  }
}

function applySide(side: Map<bigint, Level>, levels: readonly DepthLevel[]): void {
  for (const [price, amount] of levels) {
    const key = orderKey(price);
    if (key === null || !isDecimalString(amount)) continue;
    if (compareDecimal(amount, '0') <= 0) side.delete(key);
    else side.set(key, { price, amount, key });
  }
}

function best(side: Map<bigint, Level>, n: number, dir: 1 | -1): Level[] {
  const levels = [...side.values()];
  levels.sort((a, b) => (a.key < b.key ? -dir : a.key > b.key ? dir : 0));
  return levels.slice(0, n);
}

function cumulate(levels: readonly Level[]): DepthRow[] {
  let sum = '0';
  return levels.map((level) => {
    sum = addDecimal(sum, level.amount);
    return { price: level.price, amount: level.amount, cumulative: sum, barPct: 0 };
  });
}
