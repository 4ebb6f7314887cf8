import type { DueHandler } from '../../services/due-work/due-work.ts';
import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { payDividends } from './dividend-batch.ts';
import { DIVIDEND_KIND, dividendStep, MATURITY_KIND, type DividendPayload } from './dividend-step.ts';
import { dividendPostings, LOCK_KINDS, LOCK_REF } from './journals.ts';
import type { OrderRow } from './lock-views.ts';
import { endOrder } from './order-end.ts';
import type { LockTables } from './schema.ts';

const orderRow = (trx: Tx, id: number): Promise<OrderRow | undefined> =>
  trx.withTables<LockTables>().selectFrom('lockming_orders').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Pays one dividend and schedules the next day's (a recurring chain: after downtime each missed day
 * runs once, in order). The order's days_paid moves from day - 1 to day in the same transaction as
 * the journal, so a day is never paid twice, whatever reruns the schedule makes.
 */
async function payDividend(trx: Tx, ledger: LedgerService, payload: DividendPayload) {
  const row = await orderRow(trx, payload.orderId);
  const step = dividendStep(row, payload);
  if (!row || !step) return { done: true as const };
  const paid = await trx.withTables<LockTables>().updateTable('lockming_orders')
    .set({ days_paid: payload.day, dividends_minor: step.dividendsMinor.toString() })
    .where('id', '=', row.id).where('days_paid', '=', payload.day - 1).executeTakeFirst();
  if ((paid.numUpdatedRows ?? 0n) !== 1n) return { done: true as const };
  if (step.amountMinor > 0n) {
    const journal = await ledger.book(trx, {
      kind: LOCK_KINDS.dividend, userId: row.user_id, refType: LOCK_REF, refId: row.id, reversesJournalId: null,
      postings: dividendPostings(row.user_id, row.currency_id, step.amountMinor),
    });
    if (!journal.ok) throw new Error(`lock order ${row.id}: dividend refused: ${journal.code}`);
  }
  return { done: true as const, next: step.next };
}

/**
 * Lock mining's due work: each day's dividend (a day's many are paid in groups, dividend-batch.ts;
 * one at a time when a group fails), and the principal's return at maturity.
 */
export function lockDueHandlers(ctx: Pick<ServiceContext, 'dialect'>, ledger: LedgerService): DueHandler[] {
  return [
    {
      kind: DIVIDEND_KIND,
      run: (trx, item) => payDividend(trx, ledger, item.payload as DividendPayload),
      runMany: (trx, items, now) => payDividends(ctx, trx, items.map((item) => item.payload as DividendPayload), now),
    },
    {
      kind: MATURITY_KIND,
      run: async (trx, item, now) => {
        const row = await orderRow(trx, (item.payload as { orderId: number }).orderId);
        if (row && row.state === 'locked') {
          await endOrder(trx, ledger, row, { remainingDays: 0, penaltyMinor: 0n, returnedMinor: BigInt(row.principal_minor) }, now);
        }
        return { done: true };
      },
    },
  ];
}
