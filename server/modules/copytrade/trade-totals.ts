import type { Tx } from '../../services/write-transaction.ts';
import type { CopyTables } from './schema.ts';
import { tradeNetMinor } from './shares.ts';

/** A user's own closed futures trades (never copies of another trader) since ever. */
export interface TradeTotals {
  profitMinor: bigint;
  closedTrades: number;
  winningTrades: number;
}

/** The totals of trades with these results after fees: a trade wins when it made more than nothing. */
export const totalsOf = (nets: readonly bigint[]): TradeTotals => ({
  profitMinor: nets.reduce((sum, n) => sum + n, 0n), closedTrades: nets.length, winningTrades: nets.filter((n) => n > 0n).length,
});

const NET_COLUMNS = ['pnl_minor', 'insurance_minor', 'open_fee_minor', 'close_fee_minor', 'overnight_fee_minor'] as const;

/**
 * Adds closed position `positionId` to its owner's totals, in the transaction that closed it, for
 * every user (so becoming a trader needs no backfill). Compare-and-set: a concurrent close of the
 * same user's other account makes this read again.
 */
export async function addOwnTrade(trx: Tx, userId: number, positionId: number, now: string): Promise<void> {
  const position = await trx.selectFrom('futures_positions').select(NET_COLUMNS).where('id', '=', positionId).where('state', '=', 'closed').executeTakeFirst();
  if (!position) return;
  const net = tradeNetMinor(position);
  const db = trx.withTables<CopyTables>();
  await db.insertInto('copy_trade_totals').values({ user_id: userId, profit_minor: '0', closed_trades: 0, winning_trades: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing()).execute();
  for (;;) {
    const row = await db.selectFrom('copy_trade_totals').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    const moved = await db.updateTable('copy_trade_totals').set({
      profit_minor: (BigInt(row.profit_minor) + net).toString(), closed_trades: row.closed_trades + 1,
      winning_trades: row.winning_trades + (net > 0n ? 1 : 0), updated_at: now,
    }).where('user_id', '=', userId).where('profit_minor', '=', row.profit_minor).where('closed_trades', '=', row.closed_trades).executeTakeFirst();
    if ((moved.numUpdatedRows ?? 0n) === 1n) return;
  }
}

export async function ownTotals(trx: Tx, userId: number): Promise<TradeTotals> {
  const row = await trx.withTables<CopyTables>().selectFrom('copy_trade_totals').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { profitMinor: BigInt(row?.profit_minor ?? '0'), closedTrades: row?.closed_trades ?? 0, winningTrades: row?.winning_trades ?? 0 };
}

/** The totals summed over the whole history: the migration's backfill and the tests' check of `addOwnTrade`. */
export async function ownTotalsFromHistory(trx: Tx, userId: number): Promise<TradeTotals> {
  const copies = trx.withTables<CopyTables>().selectFrom('copy_positions').select('position_id').where('follower_id', '=', userId);
  const rows = await trx.selectFrom('futures_positions').select(NET_COLUMNS).where('user_id', '=', userId).where('state', '=', 'closed')
    .where('id', 'not in', copies).execute();
  return totalsOf(rows.map(tradeNetMinor));
}
