import type { Selectable } from 'kysely';
import type { CloseReason, LeverAccount, PositionSide } from '../../../contract/api/contracts.ts';
import type { FuturesPositionsTable } from '../../db/contracts-schema.ts';
import type { FuturesAccount } from '../../domain/futures-journals.ts';
import { quantityScaled } from '../../domain/futures-math.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';

export type PositionRow = Selectable<FuturesPositionsTable>;

export const sideOf = (row: PositionRow): PositionSide => (row.side === 'short' ? 'short' : 'long');
export const accountOfRow = (row: PositionRow): FuturesAccount => ({ userId: row.user_id, account: row.account as LeverAccount, currencyId: row.margin_currency_id });
export const qtyOf = (row: Pick<PositionRow, 'lots' | 'lot_size_scaled'>): bigint => quantityScaled(row.lots, BigInt(row.lot_size_scaled));
export const ticksOrNull = (text: string | null): bigint | null => (text === null ? null : BigInt(text));

/** One position, locked for the rest of the transaction on PostgreSQL (SQLite holds the write lock). */
export async function lockPosition(ctx: Pick<ServiceContext, 'dialect'>, trx: Tx, id: number): Promise<PositionRow | undefined> {
  let query = trx.selectFrom('futures_positions').selectAll().where('id', '=', id);
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The other open positions of the same account and currency, locked, in id order (they pay a loss beyond available). */
export async function otherOpenPositions(ctx: Pick<ServiceContext, 'dialect'>, trx: Tx, row: PositionRow): Promise<PositionRow[]> {
  let query = trx.selectFrom('futures_positions').selectAll()
    .where('user_id', '=', row.user_id).where('account', '=', row.account).where('margin_currency_id', '=', row.margin_currency_id)
    .where('state', '=', 'open').where('id', '!=', row.id).orderBy('id');
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  return query.execute();
}

export interface AccountFilter {
  userId: number;
  account: LeverAccount;
  currencyId: number;
}

export function liveRowsOf(trx: Tx, a: AccountFilter, states: readonly ('open' | 'pending')[]): Promise<PositionRow[]> {
  return trx.selectFrom('futures_positions').selectAll()
    .where('user_id', '=', a.userId).where('account', '=', a.account).where('margin_currency_id', '=', a.currencyId)
    .where('state', 'in', [...states]).orderBy('id').execute();
}

export const isCloseReason = (value: string | null): value is CloseReason => value === 'manual' || value === 'tp' || value === 'sl' || value === 'liquidation';
