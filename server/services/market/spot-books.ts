import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { OrderBook } from '../../domain/matching/order-book.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { Tx } from '../write-transaction.ts';
import type { MarketCatalog } from './market-catalog.ts';
import { OPEN_STATES, recordOf, remainingLots, type SpotOrderRecord } from './spot-order-state.ts';

/** Rows read per page when rebuilding. */
const REBUILD_PAGE = 5000;

/**
 * The in-memory side of the spot market: one order book per pair and the open orders resting on
 * them, rebuilt from the database (the truth) at start and after any failed write. Order and trade
 * ids are handed out here, above every id the database holds, since the engine needs an order's id
 * before the order is written.
 */
export class SpotBooks {
  private readonly books = new Map<number, OrderBook>();
  private readonly open = new Map<number, SpotOrderRecord>();
  /** Open orders per "user:symbol", for the per-user limit. */
  private readonly openCounts = new Map<string, number>();
  private nextOrder = 1;
  private nextTrade = 1;
  /** Books changed since the last commit: what a failed transaction leaves to rebuild. */
  readonly dirty = new Set<number>();
  /** Pairs the running batch may be changing: readers take their depth from the last commit meanwhile. */
  readonly busy = new Set<number>();

  constructor(
    private readonly catalog: MarketCatalog,
    /** Open orders read per statement when rebuilding (tests make it small to span many pages). */
    private readonly pageRows = REBUILD_PAGE,
  ) {}

  /** The book of a pair, marked as changed (it will be changed by the caller). */
  bookToChange(symbolId: number): OrderBook {
    this.dirty.add(symbolId);
    return this.book(symbolId);
  }

  /** The book of a pair, to read. */
  book(symbolId: number): OrderBook {
    let book = this.books.get(symbolId);
    if (!book) {
      const rules = this.catalog.known(symbolId);
      book = new OrderBook(rules?.symbol ?? String(symbolId));
      this.books.set(symbolId, book);
    }
    return book;
  }

  /** An open (resting) order by id. */
  order(id: number): SpotOrderRecord | undefined {
    return this.open.get(id);
  }

  openCount(userId: number, symbolId: number): number {
    return this.openCounts.get(`${userId}:${symbolId}`) ?? 0;
  }

  /** Open orders per symbol id (ops and the markets overview). */
  openOrders(): IterableIterator<SpotOrderRecord> {
    return this.open.values();
  }

  orderId(): number {
    return this.nextOrder++;
  }

  tradeId(): number {
    return this.nextTrade++;
  }

  /** The order now rests on its book. */
  rested(o: SpotOrderRecord): void {
    if (this.open.has(o.id)) return;
    this.open.set(o.id, o);
    this.count(o, 1);
  }

  /** The order left its book (filled, cancelled, expired). */
  closed(o: SpotOrderRecord): void {
    if (!this.open.delete(o.id)) return;
    this.count(o, -1);
  }

  private count(o: SpotOrderRecord, delta: number): void {
    const key = `${o.userId}:${o.symbolId}`;
    const next = (this.openCounts.get(key) ?? 0) + delta;
    if (next > 0) this.openCounts.set(key, next);
    else this.openCounts.delete(key);
  }

  /**
   * Throws the books of `symbolIds` (all when omitted) away and restores them from the open orders
   * in the database, oldest first, so time priority is what it was. Id counters move above the
   * database's highest ids. Depth changes of the restore are dropped: the rebuilt book is the
   * committed state, which listeners have already seen.
   *
   * Everything is read in ONE snapshot (REPEATABLE READ READ ONLY on PostgreSQL, a deferred read
   * transaction on SQLite's WAL), page by page within it: a follower rebuilding while the leader
   * matches would otherwise read a maker on one page and miss the fill that took it from a later
   * one, and restore a book that crosses.
   */
  async rebuild(db: Kysely<Database>, symbolIds?: Iterable<number>): Promise<void> {
    const only = symbolIds === undefined ? null : new Set(symbolIds);
    if (only !== null && only.size === 0) return;
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await this.restoreFrom(trx, only);
      });
      return;
    }
    await db.transaction().execute((trx) => this.restoreFrom(trx, only));
  }

  /** The same inside the caller's write transaction (a PostgreSQL batch retried after a deadlock). */
  async rebuildIn(trx: Tx, symbolIds: Iterable<number>): Promise<void> {
    const only = new Set(symbolIds);
    if (only.size > 0) await this.restoreFrom(trx, only);
  }

  private async restoreFrom(db: Tx, only: ReadonlySet<number> | null): Promise<void> {
    for (const o of [...this.open.values()]) if (only === null || only.has(o.symbolId)) this.closed(o);
    for (const rules of this.catalog.everyPair()) {
      if (only === null || only.has(rules.id)) this.books.set(rules.id, new OrderBook(rules.symbol));
    }
    for (let after = 0; ;) {
      let query = db.selectFrom('spot_orders').selectAll().where('state', 'in', [...OPEN_STATES]).where('id', '>', after).orderBy('id').limit(this.pageRows);
      if (only !== null) query = query.where('symbol_id', 'in', [...only]);
      const rows = await query.execute();
      for (const row of rows) this.restore(recordOf(row));
      const last = rows.at(-1);
      if (!last) break;
      after = Number(last.id);
    }
    for (const id of only ?? this.books.keys()) this.books.get(id)?.takeDepthChanges();
    const maxOrder = await db.selectFrom('spot_orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    const maxTrade = await db.selectFrom('spot_trades').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    this.nextOrder = Math.max(this.nextOrder, Number(maxOrder?.id ?? 0) + 1);
    this.nextTrade = Math.max(this.nextTrade, Number(maxTrade?.id ?? 0) + 1);
  }

  private restore(o: SpotOrderRecord): void {
    const rules: SpotSymbolRules | undefined = this.catalog.known(o.symbolId);
    // A pair taken off the list keeps its rows; its orders simply do not trade until it returns.
    if (!rules || o.kind !== 'limit') return;
    const lots = remainingLots(rules, o);
    if (lots <= 0) return;
    this.book(o.symbolId).restore({ id: o.id, userId: o.userId, side: o.side, priceTicks: o.priceTicks, lots });
    this.rested(o);
  }
}
