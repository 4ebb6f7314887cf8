import type { BookLevel, DealSize } from '../../domain/deal-walk.ts';
import { markInput, nextMark, type MarkState } from '../../domain/ticker-mark-price.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SymbolScale } from './market-data-format.ts';
import type { MarketDataService } from './market-data-service.ts';

/** A mark price as futures and options read it: a decimal string and when it was computed. */
export interface MarkPrice {
  price: string;
  timeMs: number;
}

/** The same shape as contracts' MarkPriceSource listener, so this service plugs in there directly. */
export type MarkListener = (symbol: string, price: string, timeMs: number) => void;

/** The markets service's books, as the marks and the house's deal prices read them. */
export interface LiveBooks {
  /** Best bid and ask as wire strings, from the committed depth. */
  best(symbol: string): { bid: string | null; ask: string | null };
  /** The levels a deal of `size` walks now (deal-levels.ts); none without a book. */
  levels(symbol: string, buying: boolean, size: DealSize, excludeUserId?: number): BookLevel[];
}

export const MARK_INTERVAL_MS = 1000;

/**
 * Mark prices of every symbol (formula in domain/ticker-mark-price.ts: the median of last trade,
 * best bid and best ask, smoothed by a ~10 s integer EMA). Recomputed once a second; listeners
 * (the 'mark' streams, futures and options) hear of a symbol only when its shown price changed,
 * so at most once per second per symbol. The first mark is the last trade or, before any, the
 * pair's reference price, so a mark exists from the start even with the simulator off; after it,
 * an empty book holds the mark where it is.
 */
export class MarkPriceService {
  private readonly states = new Map<string, MarkState>();
  private readonly shown = new Map<string, MarkPrice>();
  private readonly listeners = new Set<MarkListener>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: ServiceContext, private readonly marketData: MarketDataService, private readonly book: LiveBooks) {}

  get(symbol: string): MarkPrice | null {
    return this.shown.get(symbol) ?? null;
  }

  /**
   * The input the mark is smoothing towards, from the book as it is now (a trade since the last round
   * already counts), rounded as the mark is so a mark at rest equals it. With an empty book the mark
   * holds, so it is its own target. Null before the symbol's first mark.
   */
  target(symbol: string): string | null {
    const scale = this.marketData.scale(symbol);
    const state = this.states.get(symbol);
    if (!scale || !state) return null;
    return scale.roundedPriceText(this.bookInput(symbol, scale) ?? state.price);
  }

  /** The book's best bid and ask now (what an option's entry is held to, options-rules.ts). */
  quote(symbol: string): { bid: string | null; ask: string | null } {
    return this.book.best(symbol);
  }

  /** The levels a deal of `size` walks on the book now: what a house deal is priced at (futures-math.ts dealTicks). */
  levels(symbol: string, buying: boolean, size: DealSize, excludeUserId?: number): BookLevel[] {
    return this.book.levels(symbol, buying, size, excludeUserId);
  }

  private bookInput(symbol: string, scale: SymbolScale): bigint | null {
    const { bid, ask } = this.book.best(symbol);
    return markInput(this.marketData.lastPrice(symbol), bid === null ? null : scale.price(bid), ask === null ? null : scale.price(ask));
  }

  subscribe(listener: MarkListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), MARK_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One round over every symbol (the timer's; tests call it directly). */
  tick(): void {
    const nowMs = this.ctx.clock.now().getTime();
    for (const symbol of this.marketData.symbols()) {
      const scale = this.marketData.scale(symbol);
      if (!scale) continue;
      const last = this.marketData.lastPrice(symbol);
      const previous = this.states.get(symbol) ?? null;
      const fromBook = this.bookInput(symbol, scale);
      if (fromBook === null && previous) {
        // Held, and its clock kept: when the book returns, the mark moves at the usual pace, not in one step.
        this.states.set(symbol, { price: previous.price, timeMs: nowMs });
        continue;
      }
      const input = fromBook ?? last ?? scale.price(scale.info.referencePrice);
      if (input === null || input <= 0n) continue;
      const state = nextMark(previous, input, nowMs);
      this.states.set(symbol, state);
      const price = scale.roundedPriceText(state.price);
      if (this.shown.get(symbol)?.price === price) continue;
      const mark = { price, timeMs: nowMs };
      this.shown.set(symbol, mark);
      for (const listener of this.listeners) {
        try {
          listener(symbol, price, nowMs);
        } catch (error) {
          this.ctx.log.warn({ err: error, symbol }, 'mark price listener failed');
        }
      }
    }
  }
}
