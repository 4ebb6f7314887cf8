import type { DepthLevel } from '../../../contract/api/market.ts';
import { DEPTH_LEVELS } from '../../../contract/api/market.ts';

export interface DepthSides {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

/** The live books, top levels first, as wire strings (the markets service). */
export interface DepthSource {
  depth(symbol: string, levels: number): DepthSides | null;
}

/** Levels to send so that `before` becomes `after`: changed or new levels, and removed ones with amount "0". */
export function diffLevels(before: readonly DepthLevel[], after: readonly DepthLevel[]): DepthLevel[] {
  const old = new Map(before.map(([price, amount]) => [price, amount]));
  const out: DepthLevel[] = [];
  const seen = new Set<string>();
  for (const [price, amount] of after) {
    seen.add(price);
    if (old.get(price) !== amount) out.push([price, amount]);
  }
  for (const [price] of before) if (!seen.has(price)) out.push([price, '0']);
  return out;
}

const FLUSH_MS = 100;

/**
 * The depth streams: per watched symbol, the top DEPTH_LEVELS view last published. Depth change
 * events mark a symbol dirty; every 100 ms the dirty views are read again from the book and the
 * difference is published, so "snapshot + every delta since" is exactly the next snapshot,
 * including levels that enter the top 50 when better ones go. Snapshots answer the view as last
 * published, with that message's seq. A symbol nobody watches has no view and costs nothing.
 */
export class DepthViews {
  private readonly views = new Map<string, DepthSides>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly source: DepthSource,
    private readonly watched: (symbol: string) => boolean,
    private readonly publish: (symbol: string, delta: DepthSides) => void,
  ) {}

  /** The view as last published (created from the book when the symbol was not watched yet). */
  view(symbol: string): DepthSides | null {
    let view = this.views.get(symbol);
    if (!view) {
      const depth = this.source.depth(symbol, DEPTH_LEVELS);
      if (!depth) return null;
      view = depth;
      this.views.set(symbol, view);
    }
    return view;
  }

  changed(symbol: string): void {
    if (!this.views.has(symbol)) return;
    this.dirty.add(symbol);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Publishes what changed in the dirty views; drops views nobody watches any more. */
  flush(): void {
    this.timer = null;
    for (const symbol of [...this.views.keys()]) if (!this.watched(symbol)) this.views.delete(symbol);
    const symbols = [...this.dirty];
    this.dirty.clear();
    for (const symbol of symbols) {
      const before = this.views.get(symbol);
      const after = before ? this.source.depth(symbol, DEPTH_LEVELS) : null;
      if (!before || !after) continue;
      const delta = { bids: diffLevels(before.bids, after.bids), asks: diffLevels(before.asks, after.asks) };
      this.views.set(symbol, after);
      if (delta.bids.length > 0 || delta.asks.length > 0) this.publish(symbol, delta);
    }
  }
}
