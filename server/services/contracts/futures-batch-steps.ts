import type { CloseReason, PositionSide } from '../../../contract/api/contracts.ts';
import { closePostings, openPostings, planClose } from '../../domain/futures-journals.ts';
import { feeMinor, marginMinor, pnlMinor, quantityScaled } from '../../domain/futures-math.ts';
import { overnightInstants } from '../../domain/futures-settings.ts';
import { systemAccount, userAccount } from '../../domain/ledger.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import { DirectBatchSql } from '../batch-sql.ts';
import { insertRows } from '../bulk-sql.ts';
import { LedgerBatch } from '../ledger/ledger-batch.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';
import type { ContractSymbol } from './contract-directory.ts';
import type { FuturesHooks } from './futures-hooks.ts';
import { accountOfRow, qtyOf, sideOf, type PositionRow } from './position-rows.ts';

/** A market open for copy trading: the symbol's terms and the stops are the caller's to check. */
export interface MarketOpen {
  userId: number;
  symbol: ContractSymbol;
  side: PositionSide;
  multiple: number;
  lots: number;
  priceTicks: bigint;
  tpTicks: bigint | null;
  slTicks: bigint | null;
  maxOpenPositions: number;
  copy?: boolean;
}

const POSITION_COLUMNS = [
  'user_id', 'symbol_id', 'symbol', 'category', 'account', 'margin_currency_id', 'side', 'order_type', 'state',
  'multiple', 'lots', 'lot_size_scaled', 'target_price_ticks', 'open_price_ticks', 'close_price_ticks',
  'tp_ticks', 'sl_ticks', 'margin_minor', 'hold_minor', 'open_fee_minor', 'close_fee_minor', 'overnight_fee_minor', 'pnl_minor', 'insurance_minor',
  'fee_rate_ppm', 'overnight_rate_ppm', 'close_reason', 'created_at', 'opened_at', 'closed_at', 'updated_at',
];

/**
 * Futures steps for many positions in one transaction (copy trading mirrors one trader's action to
 * thousands of followers): the same rules, journals and hooks as FuturesSettlement's one-position
 * steps, written with multi-row statements.
 */
export class FuturesBatchSteps {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly hooks: FuturesHooks,
    private readonly decimals: (trx: Tx, row: PositionRow) => Promise<number>,
  ) {}

  /**
   * Market opens at `priceTicks` for many (copy trading's copies of one trader's open): margin and
   * open fee from available, refused as values when an account cannot pay or holds too many live
   * positions, so the caller can record why; one journal each, written with a few multi-row
   * statements (LedgerBatch) instead of a transaction's worth per position. Answers each form's
   * position id or its refusal, in order.
   */
  async openMarketMany(trx: Tx, forms: readonly MarketOpen[]): Promise<Outcome<number>[]> {
    const users = [...new Set(forms.map((f) => f.userId))];
    const live = new Map<number, number>();
    for (let at = 0; at < users.length; at += 400) {
      const rows = await trx.selectFrom('futures_positions').select(['user_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('user_id', 'in', users.slice(at, at + 400)).where('state', 'in', ['open', 'pending']).groupBy('user_id').execute();
      for (const r of rows) live.set(r.user_id, Number(r.n));
    }
    const now = iso(this.ctx.clock.now());
    const ledger = new LedgerBatch(this.ctx, { reader: trx, sql: new DirectBatchSql(trx, this.ctx.dialect), now, guarded: false });
    const accountOf = (f: MarketOpen) => ({ userId: f.userId, account: f.symbol.account, currencyId: f.symbol.legalId });
    await ledger.load(forms.flatMap((f) => [userAccount(f.userId, f.symbol.account, f.symbol.legalId), systemAccount('fees', f.symbol.legalId)]));
    const available = new Map<number, bigint>();
    const outcomes: Outcome<number>[] = [];
    const accepted: { index: number; form: MarketOpen; margin: bigint; fee: bigint }[] = [];
    for (const [index, form] of forms.entries()) {
      const { symbol } = form;
      const qty = quantityScaled(form.lots, symbol.terms.lotSizeScaled);
      const margin = marginMinor(form.priceTicks, qty, form.multiple, symbol.quoteDecimals);
      const fee = feeMinor(form.priceTicks, qty, symbol.terms.feeRatePpm, symbol.quoteDecimals);
      const has = available.get(form.userId) ?? ledger.balance(userAccount(form.userId, symbol.account, symbol.legalId)).available;
      if ((live.get(form.userId) ?? 0) >= form.maxOpenPositions) outcomes.push(failure('CONTRACT.TOO_MANY_POSITIONS'));
      else if (has < margin + fee) outcomes.push(failure('WALLET.INSUFFICIENT_BALANCE', 'lots'));
      else {
        live.set(form.userId, (live.get(form.userId) ?? 0) + 1);
        available.set(form.userId, has - margin - fee);
        accepted.push({ index, form, margin, fee });
        outcomes.push(success(0));
      }
    }
    if (accepted.length === 0) return outcomes;
    const ids = await insertRows(trx, this.ctx.dialect, 'futures_positions', POSITION_COLUMNS, accepted.map(({ form, margin, fee }) => [
      form.userId, form.symbol.id, form.symbol.symbol, form.symbol.category, form.symbol.account, form.symbol.legalId, form.side, 'market', 'open',
      form.multiple, form.lots, form.symbol.terms.lotSizeScaled.toString(), null, form.priceTicks.toString(), null,
      form.tpTicks?.toString() ?? null, form.slTicks?.toString() ?? null, margin.toString(), '0', fee.toString(), '0', '0', '0', '0',
      form.symbol.terms.feeRatePpm, form.symbol.terms.overnightRatePpm, null, now, now, null, now,
    ]), true);
    for (const [n, { index, form, margin, fee }] of accepted.entries()) {
      const id = ids[n]!;
      const added = ledger.add({ kind: 'lever_open', userId: form.userId, refType: 'futures_position', refId: id, reversesJournalId: null, postings: openPostings(accountOf(form), margin, fee) });
      if (!added.ok) throw new Error(`futures open journal for position ${id} refused: ${added.code}`);
      outcomes[index] = success(id);
    }
    await ledger.flush();
    for (const [n, { form }] of accepted.entries()) {
      await this.hooks.run(trx, { action: 'open', userId: form.userId, positionId: ids[n]!, lots: form.lots, lotsBefore: 0, ...(form.copy ? { copy: true as const } : {}) });
    }
    return outcomes;
  }

  /**
   * Closes many open positions at their marks with a few statements (copy trading's copies of a
   * trader's close), for the ones whose close is plain: every overnight fee already charged, and the
   * account paying the loss and the fee from the released margin and available. Those are closed
   * exactly as close() would (same plan, one journal each, the close hook run); the ids answered
   * false are left as they were, for close() to take one by one.
   */
  async closeMany(trx: Tx, items: readonly { id: number; markTicks: bigint }[], reason: CloseReason, overnightMinuteUtc: number): Promise<Map<number, boolean>> {
    const done = new Map<number, boolean>(items.map((i) => [i.id, false]));
    if (items.length === 0) return done;
    const now = iso(this.ctx.clock.now());
    const ledger = new LedgerBatch(this.ctx, { reader: trx, sql: new DirectBatchSql(trx, this.ctx.dialect), now, guarded: false });
    const read = async (lock: boolean) => {
      const found: PositionRow[] = [];
      for (let at = 0; at < items.length; at += 400) {
        let query = trx.selectFrom('futures_positions').selectAll().where('id', 'in', items.slice(at, at + 400).map((i) => i.id)).orderBy('id');
        if (lock && this.ctx.dialect === 'postgres') query = query.forUpdate();
        found.push(...await query.execute());
      }
      return found;
    };
    // Accounts before positions, the order close() takes them (lockFuturesAccount, then the row): on
    // PostgreSQL a user's close of one of these positions then waits for the group, never deadlocks it.
    await ledger.load((await read(false)).flatMap((row) => [
      userAccount(row.user_id, row.account === 'stock' ? 'stock' : 'lever', row.margin_currency_id),
      ...(['fees', 'house', 'insurance'] as const).map((n) => systemAccount(n, row.margin_currency_id)),
    ]));
    const rows = await read(true);
    const nowMs = this.ctx.clock.now().getTime();
    const dueDays = new Map<number, string[]>();
    for (const row of rows) {
      if (row.state !== 'open' || row.opened_at === null) continue;
      dueDays.set(row.id, overnightInstants(Date.parse(row.opened_at), nowMs, overnightMinuteUtc).map((instant) => new Date(instant).toISOString().slice(0, 10)));
    }
    const charged = new Set<string>();
    const withDays = [...dueDays].filter(([, days]) => days.length > 0).map(([id]) => id);
    for (let at = 0; at < withDays.length; at += 400) {
      const found = await trx.selectFrom('futures_overnight_charges').select(['position_id', 'day']).where('position_id', 'in', withDays.slice(at, at + 400)).execute();
      for (const f of found) charged.add(`${f.position_id}:${f.day}`);
    }
    const plain = rows.filter((row) => row.open_price_ticks !== null && (dueDays.get(row.id) ?? [null]).every((day) => day !== null && charged.has(`${row.id}:${day}`)));
    const closed: { row: PositionRow; mark: bigint; pnl: bigint; fee: bigint }[] = [];
    const marks = new Map(items.map((i) => [i.id, i.markTicks]));
    for (const row of plain) {
      const mark = marks.get(row.id)!;
      const decimals = await this.decimals(trx, row);
      const pnl = pnlMinor(sideOf(row), BigInt(row.open_price_ticks!), mark, qtyOf(row), decimals);
      const fee = feeMinor(mark, qtyOf(row), row.fee_rate_ppm, decimals);
      const account = accountOfRow(row);
      const available = ledger.balance(userAccount(row.user_id, account.account, account.currencyId)).available;
      const plan = planClose({ availableMinor: available, marginMinor: BigInt(row.margin_minor), pnlMinor: pnl, feeMinor: fee, otherMargins: [] });
      if (plan.lossFromInsurance > 0n || plan.fee < fee) continue;
      const added = ledger.add({ kind: reason === 'liquidation' ? 'lever_liquidation' : 'lever_close', userId: row.user_id, refType: 'futures_position', refId: row.id, reversesJournalId: null, postings: closePostings(account, plan) });
      if (!added.ok) continue;
      closed.push({ row, mark, pnl, fee: plan.fee });
    }
    await ledger.flush();
    for (const { row, mark, pnl, fee } of closed) {
      await trx.updateTable('futures_positions').set({
        state: 'closed', close_price_ticks: mark.toString(), close_fee_minor: fee.toString(), pnl_minor: pnl.toString(),
        insurance_minor: '0', close_reason: reason, closed_at: now, updated_at: now,
      }).where('id', '=', row.id).execute();
      await this.hooks.run(trx, { action: reason === 'liquidation' ? 'liquidation' : 'close', userId: row.user_id, positionId: row.id, lots: row.lots, lotsBefore: row.lots });
      done.set(row.id, true);
    }
    return done;
  }
}
