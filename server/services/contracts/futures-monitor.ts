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
import { lockFuturesAccount } from './locked-balances.ts';
import { liveRowsOf, sideOf, ticksOrNull, type PositionRow } from './position-rows.ts';

export interface MonitorReport {
  filled: number[];
  closed: { id: number; reason: CloseReason }[];
  liquidated: number[];
}

const accountKey = (row: PositionRow): AccountKeyOf => ({ userId: row.user_id, account: row.account === 'stock' ? 'stock' : 'lever', currencyId: row.margin_currency_id });
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

    const open = await this.ctx.db.selectFrom('futures_positions').selectAll().where('state', '=', 'open').orderBy('id').execute();
    for (const row of open) {
      const mark = marks(row.symbol);
      if (mark === null) continue;
      const reason = stopTriggered(sideOf(row), mark, ticksOrNull(row.tp_ticks), ticksOrNull(row.sl_ticks));
      if (!reason) continue;
      const closed = await this.guard(`${reason} ${row.id}`, () => writeTransaction(this.ctx, (trx) => this.settlement.close(trx, row.id, mark, reason, null, marks, params.overnightMinuteUtc)));
      if (closed?.ok) { report.closed.push({ id: row.id, reason: closed.value.close_reason === 'liquidation' ? 'liquidation' : reason }); changed(row); }
    }

    const accounts = new Map<string, AccountKeyOf>();
    for (const row of await this.ctx.db.selectFrom('futures_positions').selectAll().where('state', '=', 'open').execute()) accounts.set(keyText(accountKey(row)), accountKey(row));
    for (const key of accounts.values()) {
      const state = await this.reads.accountState(key, params.liquidationRatePpm);
      if (!state.risk.liquidatable) continue;
      const closed = await this.guard(`liquidate ${keyText(key)}`, () => writeTransaction(this.ctx, (trx) => this.liquidateIfDue(trx, key, params)));
      if (closed && closed.length > 0) {
        report.liquidated.push(...closed.map((r) => r.id));
        for (const r of closed) changed(r);
      }
    }

    await this.broadcast(params, changedUsers, live);
    return report;
  }

  private async liquidateIfDue(trx: Tx, key: AccountKeyOf, params: ContractParams): Promise<PositionRow[]> {
    const balance = await lockFuturesAccount(this.ctx, trx, key);
    const snapshot = { ...(await this.reads.snapshot(key, trx)), available: balance.available, frozen: balance.frozen };
    const open = await liveRowsOf(trx, key, ['open']);
    if (!riskOf(snapshot, open, this.reads.marks, params.liquidationRatePpm).liquidatable) return [];
    return this.settlement.liquidate(trx, key.userId, key.account, key.currencyId, this.reads.marks, params.overnightMinuteUtc);
  }

  private async broadcast(params: ContractParams, changedUsers: Map<number, number[]>, before: PositionRow[]): Promise<void> {
    for (const [userId, ids] of this.events.takeChanged()) changedUsers.set(userId, [...new Set([...(changedUsers.get(userId) ?? []), ...ids])]);
    const users = new Set<number>([...before.map((r) => r.user_id), ...changedUsers.keys(), ...this.events.takeTouched()]);
    const usdt = await this.ctx.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirst();
    const ids = await this.reads.symbolIds();
    for (const userId of users) {
      const states = [];
      for (const key of await this.reads.liveAccounts(userId, usdt?.id ?? null)) states.push(await this.reads.accountState(key, params.liquidationRatePpm));
      const positions = states.flatMap((s) => s.open.map((row) => {
        const risk = s.risk.positions.get(row.id);
        const mark = this.reads.marks(row.symbol);
        return { id: row.id, current_price: mark === null ? null : ticksToText(mark), profit: this.reads.view(row, ids, s.snapshot.decimals, s.risk).profit, liquidation_price: risk?.liquidationTicks ? ticksToText(risk.liquidationTicks) : null };
      }));
      const changedRows: FuturesPosition[] = [];
      for (const id of changedUsers.get(userId) ?? []) {
        const row = await this.ctx.db.selectFrom('futures_positions').selectAll().where('id', '=', id).executeTakeFirst();
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
