import type { JournalDraft } from '../../domain/ledger.ts';
import { DirectBatchSql } from '../../services/batch-sql.ts';
import { updateById } from '../../services/bulk-sql.ts';
import type { DueOutcome } from '../../services/due-work/due-work.ts';
import { LedgerBatch } from '../../services/ledger/ledger-batch.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { dividendStep, type DividendPayload } from './dividend-step.ts';
import { dividendPostings, LOCK_KINDS, LOCK_REF } from './journals.ts';
import type { OrderRow } from './lock-views.ts';
import type { LockTables } from './schema.ts';

/** Order ids per read: far below both databases' bound-parameter limits. */
const READ_CHUNK = 500;

/**
 * Pays a group of dividends in the runner's transaction with a handful of statements: the orders
 * read at once (locked on PostgreSQL, as redemptions flip them; SQLite holds the write lock), each
 * dividend decided as payDividend does (dividendStep, days_paid from day - 1 only), one journal per
 * dividend booked through one LedgerBatch (so the bills still show one line each), and the orders'
 * days_paid and dividends written in one multi-row update. Answers each item's result in order;
 * throws (the runner then pays them one by one) if the ledger refuses any.
 */
export async function payDividends(ctx: Pick<ServiceContext, 'dialect'>, trx: Tx, payloads: readonly DividendPayload[], now: Date): Promise<DueOutcome[]> {
  const orders = await readOrders(ctx, trx, [...new Set(payloads.map((p) => p.orderId))]);
  const drafts: JournalDraft[] = [];
  const paid = new Map<number, { days: number; dividendsMinor: bigint }>();
  const results: DueOutcome[] = payloads.map((payload) => {
    const row = orders.get(payload.orderId);
    const step = dividendStep(row, payload);
    if (!row || !step) return { done: true };
    // A second item of the same order in this group sees this one paid.
    orders.set(row.id, { ...row, days_paid: payload.day, dividends_minor: step.dividendsMinor.toString() });
    paid.set(row.id, { days: payload.day, dividendsMinor: step.dividendsMinor });
    if (step.amountMinor > 0n) {
      drafts.push({
        kind: LOCK_KINDS.dividend, userId: row.user_id, refType: LOCK_REF, refId: row.id, reversesJournalId: null,
        postings: dividendPostings(row.user_id, row.currency_id, step.amountMinor),
      });
    }
    return { done: true, next: step.next };
  });
  const ledger = new LedgerBatch(ctx, { reader: trx, sql: new DirectBatchSql(trx, ctx.dialect), now: iso(now), guarded: false });
  await ledger.load(drafts.flatMap((d) => d.postings.map((p) => p.account)));
  for (const draft of drafts) {
    const added = ledger.add(draft);
    if (!added.ok) throw new Error(`lock order ${draft.refId}: dividend refused: ${added.code}`);
  }
  await ledger.flush();
  await updateById(trx, ctx.dialect, 'lockming_orders', ['days_paid', 'dividends_minor'],
    [...paid].map(([id, p]) => ({ id, values: [p.days, p.dividendsMinor.toString()] })), { days_paid: 'integer' });
  return results;
}

async function readOrders(ctx: Pick<ServiceContext, 'dialect'>, trx: Tx, ids: readonly number[]): Promise<Map<number, OrderRow>> {
  const byId = new Map<number, OrderRow>();
  for (let at = 0; at < ids.length; at += READ_CHUNK) {
    let query = trx.withTables<LockTables>().selectFrom('lockming_orders').selectAll().where('id', 'in', ids.slice(at, at + READ_CHUNK)).orderBy('id');
    if (ctx.dialect === 'postgres') query = query.forUpdate();
    for (const row of await query.execute()) byId.set(row.id, row);
  }
  return byId;
}
