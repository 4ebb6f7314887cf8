import { walkedTicks, type BookLevel, type DealSize } from '../../domain/deal-walk.ts';
import { dealTicks } from '../../domain/futures-math.ts';
import { priceTextToTicks } from '../../domain/futures-prices.ts';

/**
 * The seam between contracts and market data: where futures and options read the mark price of a
 * symbol ("BTC/USDT") and hear of its changes. Wired to the market-data service's mark prices in
 * create-services.ts; tests drive a ManualMarkSource. Prices are the wire's decimal strings.
 */
export interface MarkPriceSource {
  get(symbol: string): { price: string; timeMs: number } | null;
  /**
   * The unsmoothed price the mark is moving towards (an override is its own target), read now rather
   * than at the last mark: the mark trails it, so whoever sees it knows where the mark goes next.
   * Null when there is no mark.
   */
  target(symbol: string): string | null;
  /** The book's best bid and ask now, where there is a book (an override or a hand-set mark has none). */
  quote?(symbol: string): { bid: string | null; ask: string | null };
  /** The levels a deal of `size` walks on the book now (asks to buy, bids to sell), best first, without `excludeUserId`'s orders; none without a book. */
  levels?(symbol: string, buying: boolean, size: DealSize, excludeUserId?: number): BookLevel[];
  /** Called on every new mark; answers the unsubscribe function. */
  subscribe(listener: (symbol: string, price: string, timeMs: number) => void): () => void;
}

/**
 * The price of a deal of `size` the user times on `symbol` (futures-math.ts dealTicks: the worse for
 * the user of mark, target and the book walked for that size, deal-walk.ts), in ticks; null without a
 * mark. Futures' market opens and closes, and the house exchange, deal here.
 */
export function dealPriceOf(source: MarkPriceSource, symbol: string, buying: boolean, size: DealSize, userId?: number): bigint | null {
  const ticks = (text: string | null | undefined) => (text ? priceTextToTicks(text) : null);
  const mark = ticks(source.get(symbol)?.price);
  if (mark === null) return null;
  // The user's own resting orders are not depth for a deal with that user.
  const book = walkedTicks(buying, source.levels?.(symbol, buying, size, userId) ?? [], size);
  return dealTicks(buying, mark, ticks(source.target(symbol)) ?? mark, book);
}

export type MarkListener = (symbol: string, price: string, timeMs: number) => void;

/** Listeners must not throw into the publisher: a failing one is skipped. */
export function notifyAll(listeners: Iterable<MarkListener>, symbol: string, price: string, timeMs: number): void {
  for (const listener of listeners) {
    try {
      listener(symbol, price, timeMs);
    } catch {
      // A contracts listener failing must not stop the others; the trigger loop re-reads marks anyway.
    }
  }
}

/** A mark source set by hand: tests, and the seam's stand-in when nothing else publishes marks. */
export class ManualMarkSource implements MarkPriceSource {
  private readonly marks = new Map<string, { price: string; timeMs: number }>();
  private readonly targets = new Map<string, string>();
  private readonly listeners = new Set<MarkListener>();

  get(symbol: string): { price: string; timeMs: number } | null {
    return this.marks.get(symbol) ?? null;
  }

  /** The target set with the mark; without one, a mark already at rest (its own target). */
  target(symbol: string): string | null {
    return this.targets.get(symbol) ?? this.marks.get(symbol)?.price ?? null;
  }

  set(symbol: string, price: string, timeMs: number, target?: string): void {
    this.marks.set(symbol, { price, timeMs });
    if (target === undefined) this.targets.delete(symbol);
    else this.targets.set(symbol, target);
    notifyAll(this.listeners, symbol, price, timeMs);
  }

  delete(symbol: string): void {
    this.marks.delete(symbol);
    this.targets.delete(symbol);
  }

  subscribe(listener: MarkListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
