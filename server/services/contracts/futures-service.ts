import type {
  BatchCloseType, LeverAccount, FuturesBatchCloseResult, FuturesCloseResult, FuturesDeal, FuturesDealAll, FuturesOrderType, FuturesPosition,
  FuturesPreview, FuturesSubmitResult, PositionSide,
} from '../../../contract/api/contracts.ts';
import type { Page } from '../../../contract/envelope.ts';
import { holdPostings, openPostings } from '../../domain/futures-journals.ts';
import { feeMinor, liquidationPriceTicks, LOT_DECIMALS, marginMinor, notionalMinor, quantityScaled, stopsProblem } from '../../domain/futures-math.ts';
import { ppmToText, ticksToText } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Paging } from '../../domain/paging.ts';
import type { IdempotencyService, IdempotentCall } from '../ledger/idempotency-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';
import type { ContractDirectory, ContractSymbol } from './contract-directory.ts';
import type { ContractEvents } from './contract-events.ts';
import type { FuturesReads, TradeFilter } from './futures-reads.ts';
import type { FuturesSettlement } from './futures-settlement.ts';
import { lockFuturesAccount } from './locked-balances.ts';
import { lockPosition, qtyOf, ticksOrNull, type PositionRow } from './position-rows.ts';

export interface OrderForm {
  symbol: ContractSymbol;
  side: PositionSide;
  multiple: number;
  lots: number;
  orderType: FuturesOrderType;
  limitTicks: bigint | null;
  tpTicks: bigint | null;
  slTicks: bigint | null;
}

export interface PreviewForm {
  side: PositionSide;
  multiple: number;
  lots: number;
  priceTicks: bigint | null;
}

/** Stops to change: undefined keeps the current value, null clears it. */
export interface StopsForm {
  tpTicks: bigint | null | undefined;
  slTicks: bigint | null | undefined;
}

function termsProblem(symbol: ContractSymbol, multiple: number, lots: number): Outcome<void> {
  if (!symbol.terms.multiples.includes(multiple)) return failure('CONTRACT.MULTIPLE_INVALID', 'multiple');
  if (lots < symbol.terms.minLots || lots > symbol.terms.maxLots) return failure('CONTRACT.LOTS_INVALID', 'lots');
  return success(undefined);
}

function stopsOutcome(side: PositionSide, reference: bigint, tp: bigint | null, sl: bigint | null): Outcome<void> {
  const problem = stopsProblem(side, reference, tp, sl);
  if (problem === 'tp') return failure('CONTRACT.TAKE_PROFIT_INVALID', 'target_profit_price');
  if (problem === 'sl') return failure('CONTRACT.STOP_LOSS_INVALID', 'stop_loss_price');
  return success(undefined);
}

/**
 * Futures for users: the order screen, opening (market or limit), cancelling, closing, stops and
 * lists. Every write is one transaction with its journal; writes that open positions require an
 * idempotency key. Positions are always looked up with the caller's user id, so another user's id
 * answers COMMON.NOT_FOUND.
 */
export class FuturesService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly directory: ContractDirectory,
    private readonly reads: FuturesReads,
    private readonly settlement: FuturesSettlement,
    private readonly events: ContractEvents,
  ) {}

  async deal(userId: number, symbol: ContractSymbol, preview: PreviewForm | null): Promise<Outcome<FuturesDeal>> {
    const params = await this.directory.params();
    const state = await this.reads.accountState({ userId, account: symbol.account, currencyId: symbol.legalId }, params.liquidationRatePpm);
    const mark = this.reads.marks(symbol.symbol);
    let previewView: FuturesPreview | null = null;
    if (preview) {
      const terms = termsProblem(symbol, preview.multiple, preview.lots);
      if (!terms.ok) return terms;
      const qty = quantityScaled(preview.lots, symbol.terms.lotSizeScaled);
      const price = preview.priceTicks ?? this.reads.dealPrice(symbol.symbol, preview.side === 'long', qty, userId);
      if (price === null) return failure('CONTRACT.PRICE_UNAVAILABLE', 'symbol');
      const margin = marginMinor(price, qty, preview.multiple, symbol.quoteDecimals);
      const fee = feeMinor(price, qty, symbol.terms.feeRatePpm, symbol.quoteDecimals);
      const liquidation = liquidationPriceTicks({
        side: preview.side, openTicks: price, qtyScaled: qty, quoteDecimals: symbol.quoteDecimals,
        equityWithoutMinor: state.risk.equityMinor - fee, usedMarginMinor: state.risk.usedMarginMinor + margin, liquidationPpm: params.liquidationRatePpm,
      });
      const money = (minor: bigint) => minorToDecimal(minor, symbol.quoteDecimals);
      previewView = {
        type: preview.side, multiple: preview.multiple, lots: preview.lots, price: ticksToText(price),
        notional: money(notionalMinor(price, qty, symbol.quoteDecimals)), margin: money(margin), fee: money(fee),
        liquidation_price: liquidation === null ? null : ticksToText(liquidation), affordable: state.snapshot.available >= margin + fee,
      };
    }
    const hh = String(Math.floor(params.overnightMinuteUtc / 60)).padStart(2, '0');
    const mm = String(params.overnightMinuteUtc % 60).padStart(2, '0');
    return success({
      symbol: symbol.symbol, currency_id: symbol.currencyId, legal_id: symbol.legalId, category: symbol.category, account: symbol.account,
      multiples: symbol.terms.multiples, lot_size: minorToDecimal(symbol.terms.lotSizeScaled, LOT_DECIMALS),
      min_lots: symbol.terms.minLots, max_lots: symbol.terms.maxLots, tick_size: symbol.tickSize,
      fee_rate: ppmToText(symbol.terms.feeRatePpm), overnight_rate: ppmToText(symbol.terms.overnightRatePpm), overnight_time: `${hh}:${mm}`,
      liquidation_rate: ppmToText(params.liquidationRatePpm), mark_price: mark === null ? null : ticksToText(mark),
      balance: state.view, preview: previewView,
    });
  }

  async submit(call: IdempotentCall, form: OrderForm): Promise<Outcome<FuturesSubmitResult>> {
    const replay = await this.idempotency.replay<FuturesSubmitResult>(call);
    if (replay) return replay;
    const terms = termsProblem(form.symbol, form.multiple, form.lots);
    if (!terms.ok) return terms;
    const mark = this.reads.marks(form.symbol.symbol);
    if (mark === null) return failure('CONTRACT.PRICE_UNAVAILABLE', 'symbol');
    const reference = form.orderType === 'limit' ? form.limitTicks : mark;
    if (reference === null) return failure('VALID.REQUIRED', 'target_price');
    // A market order deals where the mark is heading, not where it lags, nor better than the book for its size (futures-math.ts dealTicks).
    const { symbol } = form;
    const qty = quantityScaled(form.lots, symbol.terms.lotSizeScaled);
    const price = form.orderType === 'limit' ? reference : (this.reads.dealPrice(symbol.symbol, form.side === 'long', qty, call.userId) ?? mark);
    // Stops beyond both the mark (which triggers them) and the open price: a TP between them would close at a loss.
    const stops = stopsOutcome(form.side, reference, form.tpTicks, form.slTicks);
    if (!stops.ok) return stops;
    const dealt = stopsOutcome(form.side, price, form.tpTicks, form.slTicks);
    if (!dealt.ok) return dealt;
    const params = await this.directory.params();
    const margin = marginMinor(price, qty, form.multiple, symbol.quoteDecimals);
    const fee = feeMinor(price, qty, symbol.terms.feeRatePpm, symbol.quoteDecimals);
    const account = { userId: call.userId, account: symbol.account, currencyId: symbol.legalId };
    const outcome = await this.idempotency.run(call, async (trx) => {
      await lockFuturesAccount(this.ctx, trx, account);
      const live = await trx.selectFrom('futures_positions').select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', call.userId).where('state', 'in', ['open', 'pending']).executeTakeFirst();
      if (Number(live?.n ?? 0) >= params.maxOpenPositions) return failure('CONTRACT.TOO_MANY_POSITIONS');
      const now = iso(this.ctx.clock.now());
      const limit = form.orderType === 'limit';
      const row = await trx.insertInto('futures_positions').values({
        user_id: call.userId, symbol_id: symbol.id, symbol: symbol.symbol, category: symbol.category, account: symbol.account,
        margin_currency_id: symbol.legalId, side: form.side, order_type: form.orderType, state: limit ? 'pending' : 'open',
        multiple: form.multiple, lots: form.lots, lot_size_scaled: symbol.terms.lotSizeScaled.toString(),
        target_price_ticks: limit ? price.toString() : null, open_price_ticks: limit ? null : price.toString(), close_price_ticks: null,
        tp_ticks: form.tpTicks?.toString() ?? null, sl_ticks: form.slTicks?.toString() ?? null,
        margin_minor: limit ? '0' : margin.toString(), hold_minor: limit ? (margin + fee).toString() : '0',
        open_fee_minor: limit ? '0' : fee.toString(), close_fee_minor: '0', overnight_fee_minor: '0', pnl_minor: '0', insurance_minor: '0',
        fee_rate_ppm: symbol.terms.feeRatePpm, overnight_rate_ppm: symbol.terms.overnightRatePpm, close_reason: null,
        created_at: now, opened_at: limit ? null : now, closed_at: null, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const journal = await this.ledger.book(trx, {
        kind: limit ? 'lever_hold' : 'lever_open', userId: call.userId, refType: 'futures_position', refId: row.id, reversesJournalId: null,
        postings: limit ? holdPostings(account, margin + fee) : openPostings(account, margin, fee),
      });
      if (!journal.ok) return { ...journal, field: 'lots' };
      if (!limit) await this.settlement.hooks.run(trx, { action: 'open', userId: call.userId, positionId: row.id, lots: form.lots, lotsBefore: 0 });
      return success(await this.result(trx, row.id, params.liquidationRatePpm));
    });
    if (outcome.ok) this.events.touched(call.userId);
    return outcome;
  }

  async cancel(call: IdempotentCall, id: number): Promise<Outcome<FuturesPosition>> {
    const params = await this.directory.params();
    const outcome = await this.idempotency.run(call, async (trx) => {
      const cancelled = await this.settlement.cancel(trx, id, call.userId);
      return cancelled.ok ? success((await this.result(trx, id, params.liquidationRatePpm)).position) : cancelled;
    });
    if (outcome.ok) this.events.touched(call.userId);
    return outcome;
  }

  async close(call: IdempotentCall, id: number): Promise<Outcome<FuturesCloseResult>> {
    const owned = await this.ctx.db.selectFrom('futures_positions').select(['symbol', 'state', 'side', 'lots', 'lot_size_scaled'])
      .where('id', '=', id).where('user_id', '=', call.userId).executeTakeFirst();
    if (!owned) return failure('COMMON.NOT_FOUND', 'id');
    // Closing a short buys, closing a long sells: at the worse for the user of mark, target and the book for its size.
    const price = this.reads.dealPrice(owned.symbol, owned.side === 'short', qtyOf(owned), call.userId);
    if (price === null && owned.state === 'open') return failure('CONTRACT.PRICE_UNAVAILABLE', 'id');
    const params = await this.directory.params();
    const outcome = await this.idempotency.run(call, async (trx) => {
      const closed = await this.settlement.close(trx, id, price ?? 0n, 'manual', call.userId, this.reads.marks, params.overnightMinuteUtc);
      return closed.ok ? success(await this.result(trx, id, params.liquidationRatePpm)) : closed;
    });
    if (outcome.ok) this.events.touched(call.userId);
    return outcome;
  }

  /** Closes `lots` of position `id` (all of it when `lots` reaches its size): the closed part becomes its own closed position. */
  async closeLots(call: IdempotentCall, id: number, lots: number): Promise<Outcome<FuturesCloseResult>> {
    const owned = await this.ctx.db.selectFrom('futures_positions').select(['symbol', 'state', 'side', 'lots', 'lot_size_scaled'])
      .where('id', '=', id).where('user_id', '=', call.userId).executeTakeFirst();
    if (!owned) return failure('COMMON.NOT_FOUND', 'id');
    const price = this.reads.dealPrice(owned.symbol, owned.side === 'short', qtyOf({ lots: Math.min(lots, owned.lots), lot_size_scaled: owned.lot_size_scaled }), call.userId);
    if (price === null) return failure(owned.state === 'open' ? 'CONTRACT.PRICE_UNAVAILABLE' : 'CONTRACT.POSITION_NOT_OPEN', 'id');
    const params = await this.directory.params();
    const outcome = await this.idempotency.run(call, async (trx) => {
      const closed = await this.settlement.closePart(trx, id, lots, price, call.userId, this.reads.marks, params.overnightMinuteUtc);
      return closed.ok ? success(await this.result(trx, closed.value.id, params.liquidationRatePpm)) : closed;
    });
    if (outcome.ok) this.events.touched(call.userId);
    return outcome;
  }

  /** Closes the matching open positions that have a price, most profitable first, each in its own transaction. */
  async batchClose(userId: number, type: BatchCloseType, account: LeverAccount | undefined, symbol: string | undefined): Promise<Outcome<FuturesBatchCloseResult>> {
    const params = await this.directory.params();
    let query = this.ctx.db.selectFrom('futures_positions').selectAll().where('user_id', '=', userId).where('state', '=', 'open');
    if (type !== 'all') query = query.where('side', '=', type === 'longs' ? 'long' : 'short');
    if (account) query = query.where('account', '=', account);
    if (symbol) query = query.where('symbol', '=', symbol);
    const rows = await query.orderBy('id').execute();
    const closedIds: number[] = [];
    for (const row of rows) {
      const price = this.reads.dealPrice(row.symbol, row.side === 'short', qtyOf(row), userId);
      if (price === null) continue;
      const closed = await writeTransaction(this.ctx, (trx) => this.settlement.close(trx, row.id, price, 'manual', userId, this.reads.marks, params.overnightMinuteUtc));
      if (closed.ok) closedIds.push(row.id);
    }
    if (closedIds.length > 0) this.events.touched(userId);
    const ids = await this.reads.symbolIds();
    const closed: FuturesPosition[] = [];
    const accounts = new Map<string, Awaited<ReturnType<FuturesReads['accountState']>>>();
    for (const id of closedIds) {
      const row = await this.ctx.db.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const key = `${row.account}:${row.margin_currency_id}`;
      const state = accounts.get(key) ?? await this.reads.accountState({ userId, account: row.account === 'stock' ? 'stock' : 'lever', currencyId: row.margin_currency_id }, params.liquidationRatePpm);
      accounts.set(key, state);
      closed.push(this.reads.view(row, ids, state.snapshot.decimals, state.risk));
    }
    return success({ closed, accounts: [...accounts.values()].map((s) => s.view) });
  }

  async setStops(call: IdempotentCall, id: number, form: StopsForm): Promise<Outcome<FuturesPosition>> {
    const params = await this.directory.params();
    const outcome = await this.idempotency.run(call, async (trx) => {
      const peek = await trx.selectFrom('futures_positions').selectAll().where('id', '=', id).where('user_id', '=', call.userId).executeTakeFirst();
      if (!peek) return failure('COMMON.NOT_FOUND', 'id');
      const row = await lockPosition(this.ctx, trx, id);
      if (!row || (row.state !== 'open' && row.state !== 'pending')) return failure('CONTRACT.POSITION_NOT_OPEN', 'id');
      const reference = row.state === 'pending' ? ticksOrNull(row.target_price_ticks) : this.reads.marks(row.symbol);
      if (reference === null) return failure('CONTRACT.PRICE_UNAVAILABLE', 'id');
      const tp = form.tpTicks === undefined ? ticksOrNull(row.tp_ticks) : form.tpTicks;
      const sl = form.slTicks === undefined ? ticksOrNull(row.sl_ticks) : form.slTicks;
      const stops = stopsOutcome(row.side === 'short' ? 'short' : 'long', reference, tp, sl);
      if (!stops.ok) return stops;
      await this.settlement.setStopsOf(trx, row, tp, sl);
      return success((await this.result(trx, id, params.liquidationRatePpm)).position);
    });
    if (outcome.ok) this.events.touched(call.userId);
    return outcome;
  }

  /** The symbol of one of the user's positions (its tick size checks new stop prices); COMMON.NOT_FOUND for another user's. */
  async symbolOf(userId: number, id: number): Promise<Outcome<ContractSymbol>> {
    const row = await this.ctx.db.selectFrom('futures_positions').select('symbol_id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row ? this.directory.find({ id: row.symbol_id }, 'id') : failure('COMMON.NOT_FOUND', 'id');
  }

  async dealAll(userId: number, account: LeverAccount | undefined, symbol: string | undefined): Promise<Outcome<FuturesDealAll>> {
    const params = await this.directory.params();
    const usdt = await this.ctx.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirst();
    const ids = await this.reads.symbolIds();
    const positions: FuturesPosition[] = [];
    const accounts = [];
    for (const key of await this.reads.liveAccounts(userId, usdt?.id ?? null)) {
      if (account && key.account !== account) continue;
      const state = await this.reads.accountState(key, params.liquidationRatePpm);
      accounts.push(state.view);
      positions.push(...this.reads.viewsOf(state, ids).filter((p) => !symbol || p.symbol === symbol));
    }
    positions.sort((a, b) => b.id - a.id);
    return success({ positions, accounts, seq: this.events.seqOf(userId) });
  }

  async myTrades(userId: number, filter: TradeFilter, paging: Paging): Promise<Outcome<Page<FuturesPosition>>> {
    const params = await this.directory.params();
    return success(await this.reads.trades(userId, filter, paging, params.liquidationRatePpm));
  }

  /** A position and its account after a write, read inside the same transaction. */
  private async result(trx: Tx, id: number, liquidationPpm: number): Promise<FuturesSubmitResult> {
    const row = (await trx.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as PositionRow;
    const state = await this.reads.accountState({ userId: row.user_id, account: row.account === 'stock' ? 'stock' : 'lever', currencyId: row.margin_currency_id }, liquidationPpm, trx);
    return { position: this.reads.view(row, await this.reads.symbolIds(trx), state.snapshot.decimals, state.risk), balance: state.view };
  }
}
