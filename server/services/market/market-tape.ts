import { toSafeInt } from '../../domain/to-safe-int.ts';
import type { DepthLevel, DepthSnapshot, PublicTrade } from '../../../contract/api/market.ts';
import { DEPTH_LEVELS } from '../../../contract/api/market.ts';
import type { OrderBook } from '../../domain/matching/order-book.ts';
import { baseText, lotsToMinor, ticksToPrice, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { Tx } from '../write-transaction.ts';
import type { DepthChange, TradeEvent } from './market-events.ts';
import type { TradeRow } from './spot-requests.ts';

/** Recent trades kept per pair: GET /market/trades answers at most this many. */
export const RECENT_TRADES_MAX = 100;

/** Depth snapshots are refreshed at each commit for pairs someone asked for within this long. */
const DEPTH_INTEREST_MS = 60_000;

type LevelsOf = { bids: [number, number][]; asks: [number, number][] };

/**
 * What the last commits left: each pair's last price, its recent trades, and its committed depth
 * with the count of depth changes announced (the depth stream's sequence). Updated only after a
 * commit, so readers never see a trade or a level the database does not hold.
 */
export class MarketTape {
  private readonly last = new Map<number, number>();
  private readonly recent = new Map<number, PublicTrade[]>();
  private readonly depthSeq = new Map<number, number>();
  private readonly depthCache = new Map<number, DepthSnapshot>();
  private readonly depthWanted = new Map<number, number>();

  /** The last trades of every pair, read once at start. */
  async load(db: Tx, pairs: readonly SpotSymbolRules[]): Promise<void> {
    for (const r of pairs) {
      const rows = await db.selectFrom('spot_trades').select(['id', 'price_ticks', 'amount_minor', 'taker_side', 'created_at'])
        .where('symbol_id', '=', r.id).orderBy('id', 'desc').limit(RECENT_TRADES_MAX).execute();
      this.recent.set(r.id, rows.map((t) => ({
        id: Number(t.id), price: ticksToPrice(r, t.price_ticks), amount: baseText(r, BigInt(t.amount_minor)),
        side: t.taker_side === 'sell' ? 'sell' : 'buy', time: t.created_at,
      })));
      const newest = rows[0];
      if (newest) this.last.set(r.id, toSafeInt(newest.price_ticks, `price ticks of trade ${newest.id}`));
    }
  }

  /** Last trade price in ticks, or null before the first trade. */
  lastTicks(symbolId: number): number | null {
    return this.last.get(symbolId) ?? null;
  }

  trades(symbolId: number, limit: number): PublicTrade[] {
    return (this.recent.get(symbolId) ?? []).slice(0, limit);
  }

  /** Folds committed trades in; answers them as events. */
  recordTrades(r: SpotSymbolRules, rows: readonly TradeRow[]): TradeEvent[] {
    const list = this.recent.get(r.id) ?? [];
    const events: TradeEvent[] = [];
    for (const row of rows) {
      const trade: PublicTrade = { id: row.id, price: ticksToPrice(r, row.price_ticks), amount: baseText(r, BigInt(row.amount_minor)), side: row.taker_side === 'sell' ? 'sell' : 'buy', time: row.created_at };
      list.unshift(trade);
      events.push({ id: row.id, symbol: r.symbol, price: trade.price, amount: trade.amount, side: trade.side, timeMs: row.timeMs });
    }
    if (list.length > RECENT_TRADES_MAX) list.length = RECENT_TRADES_MAX;
    this.recent.set(r.id, list);
    const newest = rows.at(-1);
    if (newest) this.last.set(r.id, newest.price_ticks);
    return events;
  }

  /** A committed change of the book's levels as a depth event (null when nothing changed); counts the sequence. */
  depthChange(r: SpotSymbolRules, changes: LevelsOf, book: OrderBook, nowMs: number): DepthChange | null {
    if (changes.bids.length === 0 && changes.asks.length === 0) return null;
    this.depthSeq.set(r.id, this.depthSeqOf(r.id) + 1);
    const wanted = this.depthWanted.get(r.id);
    if (wanted !== undefined && nowMs - wanted < DEPTH_INTEREST_MS) this.depthCache.set(r.id, this.snapshotOf(r, book));
    else this.depthCache.delete(r.id);
    return { symbol: r.symbol, bids: changes.bids.map((l) => levelText(r, l)), asks: changes.asks.map((l) => levelText(r, l)) };
  }

  depthSeqOf(symbolId: number): number {
    return this.depthSeq.get(symbolId) ?? 0;
  }

  /**
   * The committed depth: while a batch is changing the book (`busy`), the snapshot taken at the last
   * commit; otherwise the book itself, which then holds exactly what is committed.
   */
  depth(r: SpotSymbolRules, book: OrderBook, busy: boolean, nowMs: number): DepthSnapshot {
    this.depthWanted.set(r.id, nowMs);
    const cached = this.depthCache.get(r.id);
    if (busy && cached) return cached;
    const snapshot = this.snapshotOf(r, book);
    this.depthCache.set(r.id, snapshot);
    return snapshot;
  }

  private snapshotOf(r: SpotSymbolRules, book: OrderBook): DepthSnapshot {
    const { bids, asks } = book.depth(DEPTH_LEVELS);
    return { symbol: r.symbol, seq: this.depthSeqOf(r.id), bids: bids.map((l) => levelText(r, l)), asks: asks.map((l) => levelText(r, l)) };
  }
}

function levelText(r: SpotSymbolRules, [ticks, lots]: [number, number]): DepthLevel {
  return [ticksToPrice(r, ticks), baseText(r, lotsToMinor(r, lots))];
}
