import type { CloseReason, FuturesPosition } from '../../../contract/api/contracts.ts';
import { limitReached, stopTriggered } from '../../domain/futures-math.ts';
import type { ContractParams } from '../../domain/futures-settings.ts';
import { ticksToText } from '../../domain/futures-prices.ts';
import type { ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';
import type { ContractDirectory } from './contract-directory.ts';
import type { ContractEvents } from './contract-events.ts';
import type { AccountKeyOf, FuturesReads } from './futures-reads.ts';
import type { FuturesSettlement } from './futures-settlement.ts';
import { riskOf } from './futures-views.ts';
import { accountStatesOf, type KeyedAccountState } from './futures-account-states.ts';
import { lockFuturesAccount } from './locked-balances.ts';
import { liveRowsOf, sideOf, ticksOrNull, type PositionRow } from './position-rows.ts';

export interface MonitorReport {
  filled: number[];
  closed: { id: number; reason: CloseReason }[];
  liquidated: number[];
}

/** Stops closed in one write transaction: a group holds SQLite's write lock for tens of milliseconds, not seconds. */
const STOPS_PER_TRANSACTION = 200;

const keyText = (a: AccountKeyOf): string => `${a.userId}:${a.account}:${a.currencyId}`;

/**
 * The futures trigger loop, one pass per `tick` (the server runs it every second; tests call it after
 * moving marks and the clock). A pass, against the current marks:
 *  1. opens pending limit orders whose price the mark has reached (at the limit price);
 *  2. closes positions whose take-profit or stop-loss the mark has crossed, at the mark;
 *  3. liquidates accounts whose risk rate is at or below the liquidation rate (re-checked inside the
 *     transaction against locked balances);
 *  4. sends each user with live positions (or touched by a request) their accounts' risk when it changed.
 * Every step is its own transaction and re-checks state, so passes in several processes cannot act twice.
 */
export class FuturesMonitor {
  private readonly lastSent = new Map<number, string>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly directory: ContractDirectory,
    private readonly reads: FuturesReads,
    private readonly settlement: FuturesSettlement,
    private readonly events: ContractEvents,
  ) {}

  async tick(): Promise<MonitorReport> {
    const report: MonitorReport = { filled: [], closed: [], liquidated: [] };
    const params = await this.directory.params();
    const marks = this.reads.marks;
    const changedUsers = new Map<number, number[]>();
    const changed = (row: PositionRow) => changedUsers.set(row.user_id, [...(changedUsers.get(row.user_id) ?? []), row.id]);
    const live = await this.ctx.db.selectFrom('futures_positions').selectAll().where('state', 'in', ['pending', 'open']).orderBy('id').execute();

    for (const row of live.filter((r) => r.state === 'pending')) {
      const mark = marks(row.symbol);
      const limit = ticksOrNull(row.target_price_ticks);
      if (mark === null || limit === null || !limitReached(sideOf(row), mark, limit)) continue;
      const filled = await this.guard(`fill ${row.id}`, () => writeTransaction(this.ctx, (trx) => this.settlement.fill(trx, row.id)));
      if (filled) { report.filled.push(row.id); changed(row); }
    }

    // Without a fill, the open rows are those just read: no second read of every position.
    const open = report.filled.length > 0
      ? await this.ctx.db.selectFrom('futures_positions').selectAll().where('state', '=', 'open').orderBy('id').execute()
      : live.filter((r) => r.state === 'open');
    const triggered: { row: PositionRow; mark: bigint; reason: 'tp' | 'sl' }[] = [];
    for (const row of open) {
      const mark = marks(row.symbol);
      if (mark === null) continue;
      const reason = stopTriggered(sideOf(row), mark, ticksOrNull(row.tp_ticks), ticksOrNull(row.sl_ticks));
      if (reason) triggered.push({ row, mark, reason });
    }
    // A price spike fires thousands of stops at once: the plain closes go in groups (closeMany:
    // same plan and journals), the rest (fees due, losses past the account) one by one.
    const closedInGroups = new Set<number>();
    for (const reason of ['tp', 'sl'] as const) {
      const group = triggered.filter((x) => x.reason === reason);
      for (let at = 0; at < group.length; at += STOPS_PER_TRANSACTION) {
        const part = group.slice(at, at + STOPS_PER_TRANSACTION);
        const done = await this.guard(`${reason} group`, () => writeTransaction(this.ctx, (trx) => this.settlement.batch.closeMany(trx, part.map((x) => ({ id: x.row.id, markTicks: x.mark })), reason, params.overnightMinuteUtc)));
        for (const { row } of part) {
          if (done?.get(row.id) !== true) continue;
          closedInGroups.add(row.id);
          report.closed.push({ id: row.id, reason });
          changed(row);
        }
      }
    }
    for (const { row, mark, reason } of triggered) {
      if (closedInGroups.has(row.id)) continue;
      const closed = await this.guard(`${reason} ${row.id}`, () => writeTransaction(this.ctx, (trx) => this.settlement.close(trx, row.id, mark, reason, null, marks, params.overnightMinuteUtc)));
      if (closed?.ok) { report.closed.push({ id: row.id, reason: closed.value.close_reason === 'liquidation' ? 'liquidation' : reason }); changed(row); }
    }

    // Read once for the liquidation check and again in broadcast only for the users a step changed.
    const usdt = await this.ctx.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirst();
    const holders = new Set(open.map((r) => r.user_id));
    const states = await accountStatesOf(this.ctx, marks, holders, usdt?.id ?? null, params.liquidationRatePpm);
    for (const state of [...states.values()].flat()) {
      if (!state.risk.liquidatable) continue;
      const closed = await this.guard(`liquidate ${keyText(state.key)}`, () => writeTransaction(this.ctx, (trx) => this.liquidateIfDue(trx, state.key, params)));
      if (closed && closed.length > 0) {
        report.liquidated.push(...closed.map((r) => r.id));
        for (const r of closed) changed(r);
      }
    }

    await this.broadcast(params, changedUsers, live, states, usdt?.id ?? null);
    return report;
  }

  private async liquidateIfDue(trx: Tx, key: AccountKeyOf, params: ContractParams): Promise<PositionRow[]> {
    const balance = await lockFuturesAccount(this.ctx, trx, key);
    const snapshot = { ...(await this.reads.snapshot(key, trx)), available: balance.available, frozen: balance.frozen };
    const open = await liveRowsOf(trx, key, ['open']);
    if (!riskOf(snapshot, open, this.reads.marks, params.liquidationRatePpm).liquidatable) return [];
    return this.settlement.liquidate(trx, key.userId, key.account, key.currencyId, this.reads.marks, params.overnightMinuteUtc);
  }

  private async broadcast(params: ContractParams, changedUsers: Map<number, number[]>, before: PositionRow[], known: Map<number, KeyedAccountState[]>, usdtId: number | null): Promise<void> {
    for (const [userId, ids] of this.events.takeChanged()) changedUsers.set(userId, [...new Set([...(changedUsers.get(userId) ?? []), ...ids])]);
    const touched = new Set(this.events.takeTouched());
    const users = new Set<number>([...before.map((r) => r.user_id), ...changedUsers.keys(), ...touched]);
    const ids = await this.reads.symbolIds();
    const stale = [...users].filter((u) => changedUsers.has(u) || touched.has(u) || !known.has(u));
    const fresh = await accountStatesOf(this.ctx, this.reads.marks, stale, usdtId, params.liquidationRatePpm);
    const changedIds = [...changedUsers.values()].flat();
    const changedRowsById = new Map<number, PositionRow>();
    for (let at = 0; at < changedIds.length; at += 400) {
      for (const row of await this.ctx.db.selectFrom('futures_positions').selectAll().where('id', 'in', changedIds.slice(at, at + 400)).execute()) changedRowsById.set(row.id, row);
    }
    for (const userId of users) {
      const states = fresh.get(userId) ?? known.get(userId) ?? [];
      const positions = states.flatMap((s) => s.open.map((row) => {
        const risk = s.risk.positions.get(row.id);
        const mark = this.reads.marks(row.symbol);
        return { id: row.id, current_price: mark === null ? null : ticksToText(mark), profit: this.reads.view(row, ids, s.snapshot.decimals, s.risk).profit, liquidation_price: risk?.liquidationTicks ? ticksToText(risk.liquidationTicks) : null };
      }));
      const changedRows: FuturesPosition[] = [];
      for (const id of changedUsers.get(userId) ?? []) {
        const row = changedRowsById.get(id);
        const state = states.find((s) => row && s.snapshot.account === row.account && s.snapshot.currencyId === row.margin_currency_id);
        if (row) changedRows.push(this.reads.view(row, ids, state?.snapshot.decimals ?? 6, state?.risk));
      }
      const body = { accounts: states.map((s) => s.view), positions, changed: changedRows };
      const digest = JSON.stringify([body.accounts, body.positions]);
      if (changedRows.length === 0 && this.lastSent.get(userId) === digest) continue;
      this.lastSent.set(userId, digest);
      this.events.emitRisk(userId, body);
    }
  }

  private async guard<T>(what: string, work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      this.ctx.log.warn({ err: error }, `futures ${what} failed`);
      return null;
    }
  }
}
