import type { SpotOrder } from '../../../contract/api/market.ts';
import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import { SYSTEM_USER_ID, systemAccount, userAccount, type AccountKey } from '../../domain/ledger.ts';
import type { Fill, PlaceResult } from '../../domain/matching/order-book.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import { OPEN_ORDERS_MAX, limitHoldMinor } from '../../domain/spot-order-rules.ts';
import { fillLegs, partiesOf, spotFillPostings, spotHoldPostings, spotReleasePostings } from '../../domain/spot-journals.ts';
import { notionalMinor, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { BatchSql } from '../batch-sql.ts';
import type { LedgerBatch } from '../ledger/ledger-batch.ts';
import type { Tx } from '../write-transaction.ts';
import type { MarketCatalog } from './market-catalog.ts';
import type { SpotBooks } from './spot-books.ts';
import { spotOrderView, type SpotOrderRecord } from './spot-order-state.ts';
import type { BatchEffects, CancelRequest, PlaceRequest, SpotRequest } from './spot-requests.ts';
import type { SpotWriter } from './spot-writer.ts';

const coinKey = (userId: number, currencyId: number): AccountKey => userAccount(userId, COIN_ACCOUNT, currencyId);

/**
 * One batch of order requests, run in order inside one write transaction: each placement is
 * checked, held, matched on the in-memory book and settled in the ledger batch; the rows are written
 * together at the end (SpotWriter). Business refusals (insufficient balance, no liquidity ...) change
 * nothing; anything unexpected throws, the transaction rolls back and the caller rebuilds the books.
 */
export class SpotBatch {
  private readonly effects: BatchEffects = { trades: new Map(), orders: new Map(), symbols: new Set(), balances: new Map() };
  private readonly answers = new Map<string, { fingerprint: string; outcome: Outcome<SpotOrder> }>();

  constructor(
    /** Reads: the open transaction, or the main connection when the writes go to a plan. */
    private readonly reader: Tx,
    private readonly sql: BatchSql,
    private readonly now: string,
    private readonly nowMs: number,
    private readonly ledger: LedgerBatch,
    private readonly books: SpotBooks,
    private readonly catalog: MarketCatalog,
    private readonly writer: SpotWriter,
  ) {}

  /** Stored answers of the batch's keys, read with one query before the first request runs. */
  async prepare(requests: readonly SpotRequest[]): Promise<void> {
    const keyed = requests.filter((r): r is PlaceRequest & { key: string } => r.type === 'place' && r.key !== null);
    for (const stored of await this.writer.storedAnswers(this.reader, keyed)) this.answers.set(`${stored.userId}|${stored.key}`, stored);
    const keys: AccountKey[] = [];
    for (const r of requests) {
      if (r.type !== 'place') continue;
      keys.push(coinKey(r.userId, r.rules.baseCurrencyId), coinKey(r.userId, r.rules.quoteCurrencyId),
        systemAccount('fees', r.rules.baseCurrencyId), systemAccount('fees', r.rules.quoteCurrencyId));
    }
    await this.ledger.load(keys);
  }

  async run(request: SpotRequest): Promise<Outcome<SpotOrder>> {
    return request.type === 'place' ? this.placeOnce(request) : this.cancel(request);
  }

  /** Writes the batch's rows; answers what changed. */
  async flush(): Promise<BatchEffects> {
    const journalIds = await this.ledger.flush();
    await this.writer.write(this.sql, this.effects, journalIds, this.now);
    for (const { key, state } of this.ledger.changed()) {
      if (key.userId === SYSTEM_USER_ID) continue;
      const currency = this.catalog.currency(key.currencyId);
      const list = this.effects.balances.get(key.userId) ?? [];
      list.push({ account: key.name, currency_id: key.currencyId, currency: currency?.symbol ?? '', available: minorToDecimal(state.available, currency?.decimals ?? 0), frozen: minorToDecimal(state.frozen, currency?.decimals ?? 0) });
      this.effects.balances.set(key.userId, list);
    }
    return this.effects;
  }

  private async placeOnce(req: PlaceRequest): Promise<Outcome<SpotOrder>> {
    const answerKey = req.key === null ? null : `${req.userId}|${req.key}`;
    const earlier = answerKey === null ? undefined : this.answers.get(answerKey);
    if (earlier) return earlier.fingerprint === req.fingerprint ? earlier.outcome : failure('IDEMPOTENCY.KEY_REUSED', 'idempotency_key');
    const outcome = await this.place(req);
    if (answerKey !== null && req.key !== null) {
      this.answers.set(answerKey, { fingerprint: req.fingerprint, outcome });
      this.writer.remember(req.userId, req.key, req.fingerprint, outcome);
    }
    return outcome;
  }

  private async place(req: PlaceRequest): Promise<Outcome<SpotOrder>> {
    const { rules: r, order: o, userId } = req;
    if (o.kind === 'limit' && this.books.openCount(userId, r.id) >= OPEN_ORDERS_MAX) return failure('ORDER.TOO_MANY_OPEN');
    const book = this.books.bookToChange(r.id);
    const buy = o.side === 'buy';
    const holdKey = coinKey(userId, buy ? r.quoteCurrencyId : r.baseCurrencyId);
    await this.ledger.load([holdKey, coinKey(userId, buy ? r.baseCurrencyId : r.quoteCurrencyId)]);
    let lots = o.lots;
    let hold: bigint;
    if (o.kind === 'limit') {
      hold = limitHoldMinor(r, o.side, o.priceTicks, lots);
    } else {
      let quote = book.quoteMarket(o.side, lots, userId);
      if (quote.lots === 0) return failure('ORDER.NO_LIQUIDITY');
      if (buy) {
        // A market buy holds what the book would cost, capped at what the user has.
        const available = this.ledger.balance(holdKey).available;
        if (quote.notional * r.unitMinor > available) quote = book.quoteMarketWithin('buy', available / r.unitMinor, userId);
        if (quote.lots === 0) return failure('WALLET.INSUFFICIENT_BALANCE', 'amount');
        lots = quote.lots;
        hold = quote.notional * r.unitMinor;
      } else {
        hold = BigInt(lots) * r.lotMinor;
      }
      if (quote.notional * r.unitMinor < r.minNotionalMinor) return failure('ORDER.MIN_NOTIONAL', 'amount');
    }
    const id = this.books.orderId();
    const held = this.ledger.add({
      kind: 'spot_hold', userId, refType: 'spot_order', refId: id, reversesJournalId: null,
      postings: spotHoldPostings(userId, buy ? r.quoteCurrencyId : r.baseCurrencyId, hold),
    });
    if (!held.ok) return failure('WALLET.INSUFFICIENT_BALANCE', 'amount');
    const taker: SpotOrderRecord = {
      id, userId, symbolId: r.id, side: o.side, kind: o.kind, priceTicks: o.priceTicks, amountMinor: BigInt(o.lots) * r.lotMinor,
      filledMinor: 0n, filledQuoteMinor: 0n, feeMinor: 0n, holdMinor: hold, state: 'open', createdAt: this.now, updatedAt: this.now,
    };
    this.touch(taker, true);
    const result = book.place({ id, userId, side: o.side, kind: o.kind, priceTicks: o.priceTicks, lots });
    this.effects.symbols.add(r.id);
    await this.settle(r, taker, result);
    return success(spotOrderView(r, taker));
  }

  private async settle(r: SpotSymbolRules, taker: SpotOrderRecord, result: PlaceResult): Promise<void> {
    const makers = new Set<number>();
    for (const f of result.fills) makers.add(f.makerUserId);
    await this.ledger.load([...makers].flatMap((u) => [coinKey(u, r.baseCurrencyId), coinKey(u, r.quoteCurrencyId)]));
    for (const fill of result.fills) this.fill(r, taker, fill);
    for (const gone of result.expired) {
      const maker = this.books.order(gone.orderId);
      if (!maker) throw new Error(`expired order ${gone.orderId} is not open`);
      this.release(r, maker, 'cancelled');
    }
    if (result.rested) {
      taker.state = taker.filledMinor > 0n ? 'partial' : 'open';
      this.books.rested(taker);
    } else {
      this.release(r, taker, taker.filledMinor === taker.amountMinor ? 'filled' : 'cancelled');
    }
  }

  private fill(r: SpotSymbolRules, taker: SpotOrderRecord, fill: Fill): void {
    const maker = this.books.order(fill.makerOrderId);
    if (!maker) throw new Error(`maker order ${fill.makerOrderId} is not open`);
    const { buyer, seller } = partiesOf(fill.takerSide, taker.userId, maker.userId);
    const buyerHoldTicks = fill.takerSide === 'buy' && taker.kind === 'limit' ? taker.priceTicks : fill.priceTicks;
    const legs = fillLegs(r, buyer, seller, fill.priceTicks, fill.lots, buyerHoldTicks);
    const tradeId = this.books.tradeId();
    const journalIndex = this.ledger.size;
    const booked = this.ledger.add({ kind: 'spot_trade', userId: taker.userId, refType: 'spot_trade', refId: tradeId, reversesJournalId: null, postings: spotFillPostings(legs) });
    if (!booked.ok) throw new Error(`settlement of order ${taker.id} against ${maker.id} refused: ${booked.code}`);
    for (const [o, isBuyer] of [[taker, fill.takerSide === 'buy'], [maker, fill.takerSide !== 'buy']] as const) {
      o.filledMinor += legs.base;
      o.filledQuoteMinor += legs.quote;
      o.feeMinor += isBuyer ? legs.buyerFee : legs.sellerFee;
      o.holdMinor -= isBuyer ? legs.quote + legs.buyerRelease : legs.base;
      o.updatedAt = this.now;
      if (o.holdMinor < 0n) throw new Error(`order ${o.id} would hold ${o.holdMinor}`);
    }
    if (fill.makerRemainingLots === 0) {
      if (maker.holdMinor !== 0n) throw new Error(`filled maker ${maker.id} still holds ${maker.holdMinor}`);
      maker.state = 'filled';
      this.books.closed(maker);
    } else {
      maker.state = 'partial';
    }
    this.touch(maker, false);
    const list = this.effects.trades.get(r.id) ?? [];
    list.push({
      id: tradeId, symbol_id: r.id, taker_order_id: taker.id, maker_order_id: maker.id, taker_user_id: taker.userId, maker_user_id: maker.userId,
      taker_side: fill.takerSide, price_ticks: fill.priceTicks, amount_minor: legs.base.toString(), quote_minor: legs.quote.toString(),
      taker_fee_minor: (fill.takerSide === 'buy' ? legs.buyerFee : legs.sellerFee).toString(),
      maker_fee_minor: (fill.takerSide === 'buy' ? legs.sellerFee : legs.buyerFee).toString(),
      journal_id: journalIndex, created_at: this.now, timeMs: this.nowMs,
    });
    this.effects.trades.set(r.id, list);
  }

  /** Ends an order: what it still holds comes back, and it leaves the open orders. */
  private release(r: SpotSymbolRules, o: SpotOrderRecord, state: 'filled' | 'cancelled'): void {
    if (o.holdMinor > 0n) {
      const released = this.ledger.add({
        kind: 'spot_release', userId: o.userId, refType: 'spot_order', refId: o.id, reversesJournalId: null,
        postings: spotReleasePostings(o.userId, o.side === 'buy' ? r.quoteCurrencyId : r.baseCurrencyId, o.holdMinor),
      });
      if (!released.ok) throw new Error(`release of order ${o.id} refused: ${released.code}`);
      o.holdMinor = 0n;
    }
    o.state = state;
    o.updatedAt = this.now;
    this.books.closed(o);
    this.touch(o, false);
  }

  private touch(o: SpotOrderRecord, created: boolean): void {
    if (created) this.writer.created(o.id);
    this.effects.orders.set(o.id, o);
  }

  private async cancel(req: CancelRequest): Promise<Outcome<SpotOrder>> {
    const o = this.books.order(req.orderId);
    if (!o || o.userId !== req.userId) {
      const row = await this.reader.selectFrom('spot_orders').select('id').where('id', '=', req.orderId).where('user_id', '=', req.userId).executeTakeFirst();
      return failure(row ? 'ORDER.NOT_OPEN' : 'ORDER.NOT_FOUND', 'id');
    }
    const r = this.catalog.known(o.symbolId);
    if (!r) return failure('MARKET.SYMBOL_UNAVAILABLE', 'id');
    if (!this.books.bookToChange(r.id).cancel(o.id)) throw new Error(`open order ${o.id} is not on its book`);
    this.effects.symbols.add(r.id);
    await this.ledger.load([coinKey(o.userId, o.side === 'buy' ? r.quoteCurrencyId : r.baseCurrencyId)]);
    const expected = o.side === 'buy' ? notionalMinor(r, o.priceTicks, (o.amountMinor - o.filledMinor) / r.lotMinor) : o.amountMinor - o.filledMinor;
    if (o.holdMinor !== expected) throw new Error(`order ${o.id} holds ${o.holdMinor}, expected ${expected}`);
    this.release(r, o, 'cancelled');
    return success(spotOrderView(r, o));
  }
}
