import type { LedgerService } from '../../services/ledger/ledger-service.ts';
import { iso } from '../../services/service-context.ts';
import type { Tx } from '../../services/write-transaction.ts';
import { LOCK_KINDS, LOCK_REF, penaltyPostings, releasePostings } from './journals.ts';
import type { OrderRow } from './lock-views.ts';
import type { RedeemQuote } from './rules.ts';
import type { LockTables } from './schema.ts';

/**
 * Ends a locked order inside `trx`: with no dividend time ahead it matured (at its maturity time),
 * otherwise it is redeemed early now, less the quote's penalty. The row flips from locked only if it
 * still is, and only then are the principal (maturity or redemption journal) and the penalty
 * (its own journal, to the house) booked; false when another run or request ended it first.
 */
export async function endOrder(trx: Tx, ledger: LedgerService, row: OrderRow, quote: RedeemQuote, now: Date): Promise<boolean> {
  const matured = quote.remainingDays === 0;
  const principal = BigInt(row.principal_minor);
  const flipped = await trx.withTables<LockTables>().updateTable('lockming_orders').set({
    state: matured ? 'matured' : 'redeemed',
    ended_at: matured ? row.matures_at : iso(now),
    penalty_minor: matured ? null : quote.penaltyMinor.toString(),
    returned_minor: (matured ? principal : quote.returnedMinor).toString(),
  }).where('id', '=', row.id).where('state', '=', 'locked').executeTakeFirst();
  if ((flipped.numUpdatedRows ?? 0n) !== 1n) return false;
  const meta = { userId: row.user_id, refType: LOCK_REF, refId: row.id, reversesJournalId: null };
  const kind = matured ? LOCK_KINDS.maturity : LOCK_KINDS.redeem;
  const released = await ledger.book(trx, { ...meta, kind, postings: releasePostings(row.user_id, row.currency_id, principal, kind) });
  if (!released.ok) throw new Error(`lock order ${row.id}: ${kind} refused: ${released.code}`);
  if (!matured && quote.penaltyMinor > 0n) {
    const penalty = await ledger.book(trx, { ...meta, kind: LOCK_KINDS.penalty, postings: penaltyPostings(row.user_id, row.currency_id, quote.penaltyMinor) });
    if (!penalty.ok) throw new Error(`lock order ${row.id}: penalty refused: ${penalty.code}`);
  }
  return true;
}
