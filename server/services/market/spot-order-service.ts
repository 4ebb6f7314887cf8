import type { SpotOrder } from '../../../contract/api/market.ts';
import { failure, type Outcome } from '../../domain/outcome.ts';
import { parseOrder, type OrderRequest } from '../../domain/spot-order-rules.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { LedgerBatch } from '../ledger/ledger-batch.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';
import { DirectBatchSql, PlannedBatchSql, type BatchSql } from '../batch-sql.ts';
import { SqlitePlanWriter } from '../sqlite-plan-writer.ts';
import type { MarketCatalog, PairRef } from './market-catalog.ts';
import type { MarketEvents } from './market-events.ts';
import type { MarketTape } from './market-tape.ts';
import { SpotBatch } from './spot-batch.ts';
import type { SpotBooks } from './spot-books.ts';
import { spotOrderView } from './spot-order-state.ts';
import type { BatchEffects, QueuedRequest, SpotRequest } from './spot-requests.ts';
import { SpotWriter } from './spot-writer.ts';

/** An order as callers give it: the pair, and the wire's decimal strings (price absent or empty = market). */
export interface SpotOrderInput extends PairRef {
  side: string;
  amount: string;
  price?: string | undefined;
}

/** Requests per transaction: big enough to amortise the commit, small enough to keep each answer quick. */
const BATCH_MAX = 400;
/** Requests waiting beyond this are refused (ORDER.BUSY) rather than queued without bound. */
const QUEUE_MAX = 20_000;
/** How often a request alone is tried before it is answered COMMON.INTERNAL (runBatch). */
const LONE_TRIES = 4;

/**
 * Spot order placement and cancellation. Requests are queued and run one batch at a time: the
 * batch's matching and every write happen in ONE write transaction (group commit), so orders are
 * serialised per pair (and across pairs) and a batch is all or nothing. MarketEvents go out only
 * after the commit. When a transaction fails, the books it changed are rebuilt from the database
 * and its requests are retried one by one (a request that fails alone answers COMMON.INTERNAL).
 *
 * The engine lives in this process: exactly one server process may run the spot market on a
 * database (several processes would each hold their own books).
 */
export class SpotOrderService {
  private readonly queue: QueuedRequest[] = [];
  private draining = false;
  private broken = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly catalog: MarketCatalog,
    private readonly books: SpotBooks,
    private readonly tape: MarketTape,
    private readonly events: MarketEvents,
    private readonly ready: () => Promise<void>,
    /** SQLite: the file, for the writer thread (null: write on the shared connection). */
    private readonly sqliteFile: string | null = null,
  ) {}

  private writer: SqlitePlanWriter | null = null;

  /** The writer thread, started on first use (so the ops CLI, which places no orders, never starts one). */
  private planWriter(): SqlitePlanWriter | null {
    if (this.sqliteFile === null) return null;
    this.writer ??= new SqlitePlanWriter(this.sqliteFile, this.ctx.log);
    return this.writer.broken ? null : this.writer;
  }

  /** Stops the writer thread (server shutdown). */
  async close(): Promise<void> {
    await this.writer?.close();
  }

  /** Places an order for `userId`. `idempotencyKey` null: no dedupe (the simulator's bots). */
  async place(userId: number, input: SpotOrderInput, idempotencyKey: string | null): Promise<Outcome<SpotOrder>> {
    await this.ready();
    const rules = this.catalog.resolve(input);
    if (!rules.ok) return rules;
    const order = parseOrder(rules.value, { side: input.side, amount: input.amount, price: input.price });
    return order.ok ? this.placeParsed(userId, rules.value, order.value, idempotencyKey) : order;
  }

  /** Places an order already checked against the pair's rules (parseOrder). */
  async placeParsed(userId: number, rules: SpotSymbolRules, order: OrderRequest, idempotencyKey: string | null): Promise<Outcome<SpotOrder>> {
    await this.ready();
    // The normalised order itself: short, not secret, and cheaper than hashing the form.
    const fingerprint = `spot:${rules.id}:${order.side}:${order.kind}:${order.priceTicks}:${order.lots}`;
    return this.enqueue({ type: 'place', userId, rules, order, key: idempotencyKey, fingerprint });
  }

  /** Cancels the user's open order: what it still holds comes back. Another user's order is ORDER.NOT_FOUND. */
  async cancel(userId: number, orderId: number): Promise<Outcome<SpotOrder>> {
    await this.ready();
    return this.enqueue({ type: 'cancel', userId, orderId });
  }

  private enqueue(request: SpotRequest): Promise<Outcome<SpotOrder>> {
    if (this.queue.length >= QUEUE_MAX) return Promise.resolve(failure('ORDER.BUSY'));
    return new Promise((resolve) => {
      this.queue.push({ request, resolve });
      if (this.draining) return;
      this.draining = true;
      // Not at once: the database work of a batch never waits on real I/O (SQLite is synchronous), so
      // started here it would run before the requests that arrived with this one are even read.
      // setImmediate runs after this turn's I/O callbacks, so their orders join the same batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, BATCH_MAX), LONE_TRIES);
    } finally {
      this.draining = false;
    }
  }

  /**
   * Runs a batch; a failed one (rolled back whole) runs again request by request, and a request
   * alone again up to `tries` times: on SQLite a transfer of the same balance between the batch's
   * read and its guarded write rolls it back, which says nothing about the order itself.
   */
  private async runBatch(items: QueuedRequest[], tries: number): Promise<void> {
    const requests = items.map((i) => i.request);
    try {
      if (this.broken) await this.repair();
      for (const r of requests) this.books.busy.add(r.type === 'place' ? r.rules.id : this.books.order(r.orderId)?.symbolId ?? 0);
      const writer = this.planWriter();
      const { effects, outcomes } = writer ? await this.planned(requests, writer) : await this.inTransaction(requests);
      this.books.dirty.clear();
      this.books.busy.clear();
      this.announce(effects);
      items.forEach((item, i) => item.resolve(outcomes[i] ?? failure('COMMON.INTERNAL')));
    } catch (error) {
      this.books.busy.clear();
      this.ctx.log.warn({ err: error, requests: items.length }, 'spot order batch failed; rebuilding its books from the database');
      await this.repair();
      if (items.length > 1) {
        for (const item of items) await this.runBatch([item], LONE_TRIES);
        return;
      }
      if (tries > 1) {
        // Lets the write that won the race finish first.
        await new Promise((resolve) => setTimeout(resolve, LONE_TRIES - tries + 1));
        await this.runBatch(items, tries - 1);
        return;
      }
      for (const item of items) item.resolve(failure('COMMON.INTERNAL'));
    }
  }

  private async work(requests: readonly SpotRequest[], reader: Tx, sql: BatchSql, guarded: boolean): Promise<{ effects: BatchEffects; outcomes: Outcome<SpotOrder>[] }> {
    const now = this.ctx.clock.now();
    const ledger = new LedgerBatch(this.ctx, { reader, sql, now: iso(now), guarded });
    const batch = new SpotBatch(reader, sql, iso(now), now.getTime(), ledger, this.books, this.catalog, new SpotWriter());
    await batch.prepare(requests);
    const outcomes: Outcome<SpotOrder>[] = [];
    for (const request of requests) outcomes.push(await batch.run(request));
    return { effects: await batch.flush(), outcomes };
  }

  /** Reads, matching and writes in one write transaction on the shared connection (PostgreSQL, or SQLite without the writer thread). */
  private inTransaction(requests: readonly SpotRequest[]): Promise<{ effects: BatchEffects; outcomes: Outcome<SpotOrder>[] }> {
    let attempt = 0;
    return writeTransaction(this.ctx, async (trx) => {
      attempt += 1;
      // PostgreSQL re-runs the work after a deadlock: start again from the committed books.
      if (attempt > 1) await this.books.rebuildIn(trx, [...this.books.dirty]);
      this.books.dirty.clear();
      return this.work(requests, trx, new DirectBatchSql(trx, this.ctx.dialect), false);
    });
  }

  /**
   * SQLite: reads on the shared connection, matching here, and the writes as one plan run by the writer
   * thread in one transaction, guarded so that a balance changed since it was read rolls it back.
   */
  private async planned(requests: readonly SpotRequest[], writer: SqlitePlanWriter): Promise<{ effects: BatchEffects; outcomes: Outcome<SpotOrder>[] }> {
    this.books.dirty.clear();
    const sql = new PlannedBatchSql();
    const done = await this.work(requests, this.ctx.db, sql, true);
    await writer.run(sql.steps);
    return done;
  }

  /** Rebuilds the books a failed batch changed; if that fails too, tries again before the next batch. */
  private async repair(): Promise<void> {
    try {
      await this.books.rebuild(this.ctx.db, this.broken ? undefined : [...this.books.dirty]);
      this.books.dirty.clear();
      this.broken = false;
    } catch (error) {
      this.broken = true;
      this.ctx.log.warn({ err: error }, 'rebuilding the spot books failed; will retry');
    }
  }

  /** After the commit: the tape, then the events (trades, depth, orders, balances). */
  private announce(effects: BatchEffects): void {
    const nowMs = this.ctx.clock.now().getTime();
    for (const [symbolId, rows] of effects.trades) {
      const r = this.catalog.known(symbolId);
      if (r) this.events.emit({ type: 'trades', symbol: r.symbol, trades: this.tape.recordTrades(r, rows) });
    }
    for (const symbolId of effects.symbols) {
      const r = this.catalog.known(symbolId);
      if (!r) continue;
      const book = this.books.book(symbolId);
      const change = this.tape.depthChange(r, book.takeDepthChanges(), book, nowMs);
      if (change) this.events.emit({ type: 'depth', change });
    }
    for (const o of effects.orders.values()) {
      const r = this.catalog.known(o.symbolId);
      if (r) this.events.emit({ type: 'order', userId: o.userId, order: spotOrderView(r, o) });
    }
    for (const [userId, balances] of effects.balances) this.events.emit({ type: 'balances', userId, balances });
  }
}
