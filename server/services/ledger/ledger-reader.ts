import type { FundAccount } from '../../../contract/api/wallet.ts';
import type { BalanceState } from '../../domain/ledger.ts';
import type { Paging } from '../../domain/paging.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';

export interface AccountBalance extends BalanceState {
  userId: number;
  name: string;
  currencyId: number;
}

export interface BillRow {
  id: number;
  account: string;
  currencyId: number;
  kind: string;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  createdAt: string;
}

export interface BillFilter {
  account?: FundAccount;
  currencyId?: number;
}

/** Reads balances and postings; never writes. Balances are read from the database on every call. */
export class LedgerReader {
  constructor(private readonly ctx: ServiceContext) {}

  /** Every account of a user (or of the system, user 0) that has ever been booked. */
  async balancesOf(userId: number, db: Tx = this.ctx.db): Promise<AccountBalance[]> {
    const rows = await db.selectFrom('ledger_accounts').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    return rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      currencyId: r.currency_id,
      available: BigInt(r.available_minor),
      frozen: BigInt(r.frozen_minor),
    }));
  }

  async balance(userId: number, account: string, currencyId: number, db: Tx = this.ctx.db): Promise<BalanceState> {
    const row = await db
      .selectFrom('ledger_accounts')
      .select(['available_minor', 'frozen_minor'])
      .where('user_id', '=', userId)
      .where('name', '=', account)
      .where('currency_id', '=', currencyId)
      .executeTakeFirst();
    return { available: BigInt(row?.available_minor ?? '0'), frozen: BigInt(row?.frozen_minor ?? '0') };
  }

  /** The user's bill: postings on their available balances, newest first. */
  async bills(userId: number, filter: BillFilter, paging: Paging): Promise<{ rows: BillRow[]; total: number }> {
    let base = this.ctx.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('a.user_id', '=', userId)
      .where('p.bucket', '=', 'available');
    if (filter.account) base = base.where('a.name', '=', filter.account);
    if (filter.currencyId !== undefined) base = base.where('p.currency_id', '=', filter.currencyId);
    const rows = await base
      .select(['p.id', 'a.name', 'p.currency_id', 'p.kind', 'p.amount_minor', 'p.balance_after_minor', 'p.created_at'])
      .orderBy('p.id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute();
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    return {
      total: Number(counted?.n ?? 0),
      rows: rows.map((r) => ({
        id: r.id,
        account: r.name,
        currencyId: r.currency_id,
        kind: r.kind,
        amountMinor: BigInt(r.amount_minor),
        balanceAfterMinor: BigInt(r.balance_after_minor),
        createdAt: r.created_at,
      })),
    };
  }
}
