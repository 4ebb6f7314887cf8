import type { DepthSnapshot, MarketCategory, MarketSymbol, PublicTrade } from '../../../contract/api/market.ts';
import type { OrderBook } from '../../domain/matching/order-book.ts';
import type { Outcome } from '../../domain/outcome.ts';
import { baseText, ticksToPrice, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { ServiceContext } from '../service-context.ts';
import type { MarketCatalog, PairRef } from './market-catalog.ts';
import type { TradeEvent } from './market-events.ts';
import { RECENT_TRADES_MAX, type MarketTape } from './market-tape.ts';
import type { SpotBooks } from './spot-books.ts';

/**
 * The spot market's public face for readers (routes, market data, the socket streams, the
 * simulator): the pairs and their rules, committed depth, recent trades and last prices. Everything
 * is in memory after ready(): the books are rebuilt from the open orders, the tape from the last
 * trades.
 */
export class MarketService {
  private loading: Promise<void> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    readonly catalog: MarketCatalog,
    private readonly books: SpotBooks,
    private readonly tape: MarketTape,
  ) {}

  /** Loads pairs, books and tape once; every entry point awaits it. */
  ready(): Promise<void> {
    this.loading ??= (async () => {
      await this.catalog.ready();
      await this.books.rebuild(this.ctx.db);
      await this.tape.load(this.ctx.db, this.catalog.all());
    })().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  pairs(): readonly SpotSymbolRules[] {
    return this.catalog.all();
  }

  symbols(category?: MarketCategory): MarketSymbol[] {
    return this.catalog.symbols(category);
  }

  resolve(ref: PairRef, field?: string): Outcome<SpotSymbolRules> {
    return this.catalog.resolve(ref, field);
  }

  /** The pair's book, to read (depth, best prices, quotes). Only the order service changes books. */
  book(rules: SpotSymbolRules): OrderBook {
    return this.books.book(rules.id);
  }

  /** Committed depth, best first, DEPTH_LEVELS per side, with the depth stream's sequence number. */
  depth(rules: SpotSymbolRules): DepthSnapshot {
    return this.tape.depth(rules, this.books.book(rules.id), this.books.busy.has(rules.id), this.ctx.clock.now().getTime());
  }

  /** Sequence number of the pair's depth changes (one per 'depth' MarketEvent). */
  depthSeq(rules: SpotSymbolRules): number {
    return this.tape.depthSeqOf(rules.id);
  }

  trades(rules: SpotSymbolRules, limit = RECENT_TRADES_MAX): PublicTrade[] {
    return this.tape.trades(rules.id, Math.min(Math.max(1, limit), RECENT_TRADES_MAX));
  }

  /** Last trade price in ticks, the reference price before the first trade. */
  lastTicks(rules: SpotSymbolRules): number {
    return this.tape.lastTicks(rules.id) ?? this.catalog.referenceTicks(rules);
  }

  lastPrice(rules: SpotSymbolRules): string {
    return ticksToPrice(rules, this.lastTicks(rules));
  }

  /** The seeded reference price (reference-prices.ts) rounded to the tick. */
  referencePrice(rules: SpotSymbolRules): string {
    return ticksToPrice(rules, this.catalog.referenceTicks(rules));
  }

  /** Committed trades with id > afterId, oldest first, at most `limit` (market data replays these after a restart). */
  async tradesAfter(afterId: number, limit: number): Promise<TradeEvent[]> {
    const rows = await this.ctx.db.selectFrom('spot_trades').select(['id', 'symbol_id', 'price_ticks', 'amount_minor', 'taker_side', 'created_at'])
      .where('id', '>', afterId).orderBy('id').limit(Math.max(1, Math.min(limit, 10_000))).execute();
    const events: TradeEvent[] = [];
    for (const t of rows) {
      const r = this.catalog.get(Number(t.symbol_id));
      if (!r) continue;
      events.push({
        id: Number(t.id), symbol: r.symbol, price: ticksToPrice(r, t.price_ticks), amount: baseText(r, BigInt(t.amount_minor)),
        side: t.taker_side === 'sell' ? 'sell' : 'buy', timeMs: Date.parse(t.created_at),
      });
    }
    return events;
  }
}
