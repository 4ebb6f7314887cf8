import type { CloseReason } from '../../../contract/api/contracts.ts';
import { closePostings, fillPostings, overnightPostings, planClose, planOvernight, releaseHoldPostings } from '../../domain/futures-journals.ts';
import { feeMinor, marginMinor, pnlMinor } from '../../domain/futures-math.ts';
import { overnightInstants } from '../../domain/futures-settings.ts';
import type { PostingDraft } from '../../domain/ledger.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { ContractEvents } from './contract-events.ts';
import { FuturesBatchSteps } from './futures-batch-steps.ts';
import { FuturesHooks } from './futures-hooks.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';
import { lockFuturesAccount } from './locked-balances.ts';
import { accountOfRow, liveRowsOf, lockPosition, otherOpenPositions, qtyOf, sideOf, type PositionRow } from './position-rows.ts';

export interface MarkLookup {
  /** The current mark of a symbol in ticks, or null. */
  (symbol: string): bigint | null;
}

/**
 * The money steps of futures, each inside the caller's write transaction: open a reached limit
 * order, cancel one, charge overnight fees, close a position, liquidate an account. Every step locks
 * the account (and the position rows) first and re-checks the state it acts on, so the trigger loop,
 * users and other processes can race without a step happening twice.
 */
export class FuturesSettlement {
  /** Run inside each step's transaction after it changed a position (copy trading mirrors traders with them). */
  readonly hooks = new FuturesHooks();
  /** The same steps for many positions at once (copy trading's copies). */
  readonly batch: FuturesBatchSteps;

  constructor(private readonly ctx: ServiceContext, private readonly ledger: LedgerService, private readonly events?: ContractEvents) {
    this.batch = new FuturesBatchSteps(ctx, this.hooks, (trx, row) => this.decimals(trx, row));
  }

  private async book(trx: Tx, row: PositionRow, kind: string, postings: PostingDraft[]): Promise<number | null> {
    if (postings.length === 0) return null;
    const journal = await this.ledger.book(trx, { kind, userId: row.user_id, refType: 'futures_position', refId: row.id, reversesJournalId: null, postings });
    // Plans never ask for more than the locked balances hold; a refusal here is a bug, not a user error.
    if (!journal.ok) throw new Error(`futures journal ${kind} for position ${row.id} refused: ${journal.code}`);
    return journal.value;
  }

  /** Opens a pending limit order at its limit price (its hold is exactly that price's margin + fee). */
  async fill(trx: Tx, id: number): Promise<PositionRow | null> {
    const peek = await trx.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!peek) return null;
    await lockFuturesAccount(this.ctx, trx, accountOfRow(peek));
    const row = await lockPosition(this.ctx, trx, id);
    if (!row || row.state !== 'pending' || row.target_price_ticks === null) return null;
    const price = BigInt(row.target_price_ticks);
    const margin = marginMinor(price, qtyOf(row), row.multiple, await this.decimals(trx, row));
    const fee = feeMinor(price, qtyOf(row), row.fee_rate_ppm, await this.decimals(trx, row));
    const hold = BigInt(row.hold_minor);
    await this.book(trx, row, 'lever_fill', fillPostings(accountOfRow(row), hold, margin, fee));
    const now = iso(this.ctx.clock.now());
    await trx.updateTable('futures_positions').set({
      state: 'open', open_price_ticks: price.toString(), margin_minor: margin.toString(), hold_minor: '0', open_fee_minor: fee.toString(), opened_at: now, updated_at: now,
    }).where('id', '=', id).execute();
    await this.hooks.run(trx, { action: 'open', userId: row.user_id, positionId: id, lots: row.lots, lotsBefore: 0 });
    return (await lockPosition(this.ctx, trx, id)) ?? null;
  }

  async cancel(trx: Tx, id: number, userId: number | null): Promise<Outcome<PositionRow>> {
    const peek = await trx.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!peek || (userId !== null && peek.user_id !== userId)) return failure('COMMON.NOT_FOUND', 'id');
    await lockFuturesAccount(this.ctx, trx, accountOfRow(peek));
    const row = await lockPosition(this.ctx, trx, id);
    if (!row || row.state !== 'pending') return failure('CONTRACT.ORDER_NOT_PENDING', 'id');
    await this.book(trx, row, 'lever_cancel', releaseHoldPostings(accountOfRow(row), BigInt(row.hold_minor)));
    const now = iso(this.ctx.clock.now());
    await trx.updateTable('futures_positions').set({ state: 'cancelled', hold_minor: '0', closed_at: now, updated_at: now }).where('id', '=', id).execute();
    // Told through the next risk message (read from the database then, so a rolled-back cancel shows as still pending).
    this.events?.changed(row.user_id, id);
    return success((await lockPosition(this.ctx, trx, id)) as PositionRow);
  }

  /**
   * Charges every overnight fee due on an open position (one per charge instant after it opened, up to
   * now), each at most once: the (position, day) key is claimed first. From available, then from the
   * position's margin; what the account cannot pay is waived.
   */
  async chargeOvernight(trx: Tx, id: number, overnightMinuteUtc: number): Promise<number> {
    const peek = await trx.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!peek || peek.state !== 'open' || peek.opened_at === null) return 0;
    const instants = overnightInstants(Date.parse(peek.opened_at), this.ctx.clock.now().getTime(), overnightMinuteUtc);
    if (instants.length === 0) return 0;
    let charged = 0;
    for (const instant of instants) {
      const day = new Date(instant).toISOString().slice(0, 10);
      const exists = await trx.selectFrom('futures_overnight_charges').select('day').where('position_id', '=', id).where('day', '=', day).executeTakeFirst();
      if (exists) continue;
      const balance = await lockFuturesAccount(this.ctx, trx, accountOfRow(peek));
      const row = await lockPosition(this.ctx, trx, id);
      if (!row || row.state !== 'open' || row.open_price_ticks === null) return charged;
      const claimed = await trx.insertInto('futures_overnight_charges')
        .values({ position_id: id, day, amount_minor: '0', journal_id: null, created_at: iso(this.ctx.clock.now()) })
        .onConflict((oc) => oc.columns(['position_id', 'day']).doNothing()).executeTakeFirst();
      if ((claimed.numInsertedOrUpdatedRows ?? 0n) === 0n) continue;
      const fee = feeMinor(BigInt(row.open_price_ticks), qtyOf(row), row.overnight_rate_ppm, await this.decimals(trx, row));
      const plan = planOvernight(fee, balance.available, BigInt(row.margin_minor));
      const journalId = await this.book(trx, row, 'lever_overnight', overnightPostings(accountOfRow(row), plan));
      const paid = plan.fromAvailable + plan.fromMargin;
      await trx.updateTable('futures_overnight_charges').set({ amount_minor: paid.toString(), journal_id: journalId }).where('position_id', '=', id).where('day', '=', day).execute();
      await trx.updateTable('futures_positions').set({
        margin_minor: (BigInt(row.margin_minor) - plan.fromMargin).toString(),
        overnight_fee_minor: (BigInt(row.overnight_fee_minor) + paid).toString(),
        updated_at: iso(this.ctx.clock.now()),
      }).where('id', '=', id).execute();
      charged += 1;
    }
    return charged;
  }

  /**
   * Closes an open position at `markTicks`: margin released, PnL against the house, close fee. A loss
   * beyond available is taken from the account's other margins; one beyond the whole account means
   * the account cannot carry its other positions either, so they are closed too (as a liquidation)
   * before the insurance account pays the rest. Pending orders' holds pay before either.
   */
  async close(trx: Tx, id: number, markTicks: bigint, reason: CloseReason, userId: number | null, marks: MarkLookup, overnightMinuteUtc: number, announce = true): Promise<Outcome<PositionRow>> {
    const peek = await trx.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!peek || (userId !== null && peek.user_id !== userId)) return failure('COMMON.NOT_FOUND', 'id');
    if (peek.state !== 'open') return failure('CONTRACT.POSITION_NOT_OPEN', 'id');
    await this.chargeOvernight(trx, id, overnightMinuteUtc);
    const balance = await lockFuturesAccount(this.ctx, trx, accountOfRow(peek));
    const row = await lockPosition(this.ctx, trx, id);
    if (!row || row.state !== 'open' || row.open_price_ticks === null) return failure('CONTRACT.POSITION_NOT_OPEN', 'id');
    const others = await otherOpenPositions(this.ctx, trx, row);
    const decimals = await this.decimals(trx, row);
    const pnl = pnlMinor(sideOf(row), BigInt(row.open_price_ticks), markTicks, qtyOf(row), decimals);
    const input = {
      availableMinor: balance.available, marginMinor: BigInt(row.margin_minor), pnlMinor: pnl,
      feeMinor: feeMinor(markTicks, qtyOf(row), row.fee_rate_ppm, decimals),
      otherMargins: others.map((o) => ({ positionId: o.id, amountMinor: BigInt(o.margin_minor) })),
    };
    const first = planClose(input);
    if (first.lossFromInsurance > 0n || first.fee < input.feeMinor) {
      // Pending orders' holds are the account's money (its equity counts them, which is why it was not
      // liquidated): a close the account cannot pay in full cancels them first, or the insurance
      // account would pay a loss the user then takes back by cancelling.
      const pending = await liveRowsOf(trx, accountOfRow(row), ['pending']);
      for (const order of pending) await this.cancel(trx, order.id, null);
      if (pending.length > 0) input.availableMinor = (await lockFuturesAccount(this.ctx, trx, accountOfRow(row))).available;
    }
    if (planClose(input).lossFromInsurance > 0n && others.length > 0) {
      await this.liquidate(trx, row.user_id, row.account, row.margin_currency_id, marks, overnightMinuteUtc, { id, markTicks });
      return success((await lockPosition(this.ctx, trx, id)) as PositionRow);
    }
    return success(await this.closeLocked(trx, row, markTicks, reason, input.availableMinor, others, announce));
  }

  /**
   * Closes `lots` of an open position at `markTicks` (all of it when `lots` reaches its size): the
   * position is split, the closed part becoming its own closed row with its share of margin and fees
   * (rounded down, the rest stays with the open part), so a split moves no money and the close is
   * an ordinary close. Answers the closed part.
   */
  async closePart(trx: Tx, id: number, lots: number, markTicks: bigint, userId: number | null, marks: MarkLookup, overnightMinuteUtc: number): Promise<Outcome<PositionRow>> {
    const peek = await trx.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!peek || (userId !== null && peek.user_id !== userId)) return failure('COMMON.NOT_FOUND', 'id');
    if (peek.state !== 'open') return failure('CONTRACT.POSITION_NOT_OPEN', 'id');
    if (!Number.isInteger(lots) || lots < 1) return failure('CONTRACT.LOTS_INVALID', 'lots');
    if (lots >= peek.lots) return this.close(trx, id, markTicks, 'manual', userId, marks, overnightMinuteUtc);
    // Fees already charged to the position are split with it, so no day is charged twice.
    await this.chargeOvernight(trx, id, overnightMinuteUtc);
    await lockFuturesAccount(this.ctx, trx, accountOfRow(peek));
    const row = await lockPosition(this.ctx, trx, id);
    if (!row || row.state !== 'open' || lots >= row.lots) return failure('CONTRACT.POSITION_NOT_OPEN', 'id');
    const share = (minor: string) => (BigInt(minor) * BigInt(lots)) / BigInt(row.lots);
    const part = { margin: share(row.margin_minor), openFee: share(row.open_fee_minor), overnight: share(row.overnight_fee_minor) };
    const now = iso(this.ctx.clock.now());
    const { id: _ignored, ...columns } = row;
    const inserted = await trx.insertInto('futures_positions').values({
      ...columns, lots, margin_minor: part.margin.toString(), open_fee_minor: part.openFee.toString(), overnight_fee_minor: part.overnight.toString(), updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('futures_positions').set({
      lots: row.lots - lots,
      margin_minor: (BigInt(row.margin_minor) - part.margin).toString(),
      open_fee_minor: (BigInt(row.open_fee_minor) - part.openFee).toString(),
      overnight_fee_minor: (BigInt(row.overnight_fee_minor) - part.overnight).toString(),
      updated_at: now,
    }).where('id', '=', id).execute();
    const days = await trx.selectFrom('futures_overnight_charges').select('day').where('position_id', '=', id).execute();
    for (const { day } of days) {
      await trx.insertInto('futures_overnight_charges').values({ position_id: inserted.id, day, amount_minor: '0', journal_id: null, created_at: now }).execute();
    }
    const closed = await this.close(trx, inserted.id, markTicks, 'manual', null, marks, overnightMinuteUtc, false);
    if (!closed.ok) throw new Error(`closing the split part ${inserted.id} of position ${id} refused: ${closed.code}`);
    await this.hooks.run(trx, { action: 'partial_close', userId: row.user_id, positionId: id, lots, lotsBefore: row.lots, closedPositionId: inserted.id });
    this.events?.changed(row.user_id, inserted.id);
    return closed;
  }

  /** Sets both stops of a live position after the caller checked them (null clears one); runs the stops hook. */
  async setStopsOf(trx: Tx, row: PositionRow, tpTicks: bigint | null, slTicks: bigint | null): Promise<void> {
    await trx.updateTable('futures_positions').set({ tp_ticks: tpTicks?.toString() ?? null, sl_ticks: slTicks?.toString() ?? null, updated_at: iso(this.ctx.clock.now()) }).where('id', '=', row.id).execute();
    await this.hooks.run(trx, { action: 'stops', userId: row.user_id, positionId: row.id, lots: row.lots, lotsBefore: row.lots });
  }

  private async closeLocked(trx: Tx, row: PositionRow, markTicks: bigint, reason: CloseReason, availableMinor: bigint, others: PositionRow[], announce = true): Promise<PositionRow> {
    const decimals = await this.decimals(trx, row);
    const pnl = pnlMinor(sideOf(row), BigInt(row.open_price_ticks ?? '0'), markTicks, qtyOf(row), decimals);
    const plan = planClose({
      availableMinor, marginMinor: BigInt(row.margin_minor), pnlMinor: pnl,
      feeMinor: feeMinor(markTicks, qtyOf(row), row.fee_rate_ppm, decimals),
      otherMargins: others.map((o) => ({ positionId: o.id, amountMinor: BigInt(o.margin_minor) })),
    });
    await this.book(trx, row, reason === 'liquidation' ? 'lever_liquidation' : 'lever_close', closePostings(accountOfRow(row), plan));
    const now = iso(this.ctx.clock.now());
    for (const draw of plan.lossFromMargins) {
      const other = others.find((o) => o.id === draw.positionId);
      if (other) await trx.updateTable('futures_positions').set({ margin_minor: (BigInt(other.margin_minor) - draw.amountMinor).toString(), updated_at: now }).where('id', '=', other.id).execute();
    }
    await trx.updateTable('futures_positions').set({
      state: 'closed', close_price_ticks: markTicks.toString(), close_fee_minor: plan.fee.toString(), pnl_minor: pnl.toString(),
      insurance_minor: plan.lossFromInsurance.toString(), close_reason: reason, closed_at: now, updated_at: now,
    }).where('id', '=', row.id).execute();
    if (announce) await this.hooks.run(trx, { action: reason === 'liquidation' ? 'liquidation' : 'close', userId: row.user_id, positionId: row.id, lots: row.lots, lotsBefore: row.lots });
    return (await lockPosition(this.ctx, trx, row.id)) as PositionRow;
  }

  /**
   * Liquidation of one account: pending limit orders are cancelled, then every open position closes
   * at its mark, the most profitable first, so profits pay for losses before the insurance account
   * is asked for anything. `forced` gives a mark for one position when the caller already has it.
   */
  async liquidate(trx: Tx, userId: number, account: string, currencyId: number, marks: MarkLookup, overnightMinuteUtc: number, forced?: { id: number; markTicks: bigint }): Promise<PositionRow[]> {
    const filter = { userId, account: account === 'stock' ? 'stock' as const : 'lever' as const, currencyId };
    await lockFuturesAccount(this.ctx, trx, { ...filter });
    for (const pending of await liveRowsOf(trx, filter, ['pending'])) await this.cancel(trx, pending.id, null);
    for (const open of await liveRowsOf(trx, filter, ['open'])) await this.chargeOvernight(trx, open.id, overnightMinuteUtc);
    const open = await liveRowsOf(trx, filter, ['open']);
    const priced = [];
    for (const row of open) {
      const mark = forced?.id === row.id ? forced.markTicks : (marks(row.symbol) ?? BigInt(row.open_price_ticks ?? '0'));
      priced.push({ row, mark, pnl: pnlMinor(sideOf(row), BigInt(row.open_price_ticks ?? '0'), mark, qtyOf(row), await this.decimals(trx, row)) });
    }
    priced.sort((a, b) => (a.pnl > b.pnl ? -1 : a.pnl < b.pnl ? 1 : a.row.id - b.row.id));
    const closed: PositionRow[] = [];
    for (const { row, mark } of priced) {
      const balance = await lockFuturesAccount(this.ctx, trx, accountOfRow(row));
      const current = await lockPosition(this.ctx, trx, row.id);
      if (!current || current.state !== 'open') continue;
      closed.push(await this.closeLocked(trx, current, mark, 'liquidation', balance.available, await otherOpenPositions(this.ctx, trx, current)));
    }
    return closed;
  }

  private readonly decimalCache = new Map<number, number>();

  private async decimals(trx: Tx, row: PositionRow): Promise<number> {
    const cached = this.decimalCache.get(row.margin_currency_id);
    if (cached !== undefined) return cached;
    const currency = await trx.selectFrom('currencies').select('decimals').where('id', '=', row.margin_currency_id).executeTakeFirstOrThrow();
    this.decimalCache.set(row.margin_currency_id, currency.decimals);
    return currency.decimals;
  }
}
