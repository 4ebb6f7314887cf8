import type { JournalDraft } from '../../domain/ledger.ts';
import { DirectBatchSql } from '../../services/batch-sql.ts';
import { updateById } from '../../services/bulk-sql.ts';
import type { DueOutcome } from '../../services/due-work/due-work.ts';
import { LedgerBatch } from '../../services/ledger/ledger-batch.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { earnDb } from './earn-products.ts';
import { orderTerms, type CoinsById, type EarnOrderRow } from './earn-views.ts';
import { EARN_KINDS, settle, settlementPostings } from './rules.ts';

/** Order ids per read: far below both databases' bound-parameter limits. */
const READ_CHUNK = 500;
const SETTLED_COLUMNS = ['state', 'settle_price_ticks', 'payout_currency_id', 'payout_minor', 'interest_minor', 'settled_at', 'last_error'] as const;
/** States a settlement may flip to completed (as the one-at-a-time path's conditional update). */
const UNSETTLED = new Set(['purchased', 'settling', 'failed']);

export interface SettleBatchDeps {
  /** The pair's fixing price at that time, or null while unknown. */
  fixing(trx: Tx, symbol: string, at: string): Promise<bigint | null>;
  coins(trx: Tx): Promise<CoinsById>;
  waitMs: number;
  failedRetryMs: number;
}

/**
 * Settles a group of earn orders in the runner's transaction with a handful of statements, each as
 * EarnSettlement does one: the orders read at once (locked on PostgreSQL; SQLite holds the write
 * lock), so the state checks in memory are the conditional flips; one journal per order through one
 * LedgerBatch (the bills keep a line each); the orders' new states in one multi-row update. An order
 * without its fixing yet shows settling and waits; one whose journal the ledger refuses is failed
 * (its code kept) and retried later, the rest of the group commits. Answers each order's result in order.
 */
export async function settleOrders(ctx: ServiceContext, trx: Tx, ids: readonly number[], now: Date, deps: SettleBatchDeps): Promise<DueOutcome[]> {
  const orders = await readOrders(ctx, trx, [...new Set(ids)]);
  const ledger = new LedgerBatch(ctx, { reader: trx, sql: new DirectBatchSql(trx, ctx.dialect), now: iso(now), guarded: false });
  const waiting: number[] = [];
  const planned: { row: EarnOrderRow; price: bigint; draft: JournalDraft; payoutCurrency: number; payoutMinor: bigint; interestMinor: bigint }[] = [];
  const results = new Map<number, DueOutcome>();
  let coins: CoinsById | null = null;
  for (const id of ids) {
    const row = orders.get(id);
    if (!row || !UNSETTLED.has(row.state) || results.has(id)) continue;
    const price = await deps.fixing(trx, row.symbol, row.fixing_at);
    if (price === null) {
      if (row.state === 'purchased') waiting.push(id);
      results.set(id, { done: false, notYet: new Date(now.getTime() + deps.waitMs) });
      continue;
    }
    coins ??= await deps.coins(trx);
    const payout = settle(orderTerms(row, coins), price);
    const payoutCurrency = payout.side === 'coin' ? row.coin_id : row.quote_id;
    const kind = row.product === 'dual' ? EARN_KINDS.dualSettle : EARN_KINDS.investSettle;
    planned.push({
      row, price, payoutCurrency, payoutMinor: payout.amountMinor, interestMinor: payout.interestMinor,
      draft: {
        kind, userId: row.user_id, refType: 'earn_order', refId: row.id, reversesJournalId: null,
        postings: settlementPostings(row.user_id, row.principal_currency_id, BigInt(row.principal_minor), payoutCurrency, payout.amountMinor, kind),
      },
    });
    results.set(id, { done: true });
  }
  await ledger.load(planned.flatMap((p) => p.draft.postings.map((posting) => posting.account)));
  const updates: { id: number; values: unknown[] }[] = [];
  for (const p of planned) {
    const added = ledger.add(p.draft);
    if (added.ok) {
      updates.push({ id: p.row.id, values: ['completed', p.price.toString(), p.payoutCurrency, p.payoutMinor.toString(), p.interestMinor.toString(), iso(now), null] });
    } else {
      ctx.log.warn({ order: p.row.id, code: added.code }, 'earn settlement refused by the ledger; retrying');
      updates.push({ id: p.row.id, values: ['failed', p.price.toString(), null, null, null, null, added.code] });
      results.set(p.row.id, { done: false, notYet: new Date(now.getTime() + deps.failedRetryMs) });
    }
  }
  await ledger.flush();
  await updateById(trx, ctx.dialect, 'earn_orders', SETTLED_COLUMNS, updates, { payout_currency_id: 'integer' });
  if (waiting.length > 0) await earnDb(trx).updateTable('earn_orders').set({ state: 'settling' }).where('id', 'in', waiting).where('state', '=', 'purchased').execute();
  return ids.map((id) => results.get(id) ?? { done: true });
}

async function readOrders(ctx: ServiceContext, trx: Tx, ids: readonly number[]): Promise<Map<number, EarnOrderRow>> {
  const byId = new Map<number, EarnOrderRow>();
  for (let at = 0; at < ids.length; at += READ_CHUNK) {
    let query = earnDb(trx).selectFrom('earn_orders').selectAll().where('id', 'in', ids.slice(at, at + READ_CHUNK)).orderBy('id');
    if (ctx.dialect === 'postgres') query = query.forUpdate();
    for (const row of await query.execute()) byId.set(row.id, row);
  }
  return byId;
}
