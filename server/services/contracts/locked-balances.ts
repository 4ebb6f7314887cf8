import { accountKeyText, mayGoNegative, systemAccount, userAccount, type AccountKey, type BalanceState } from '../../domain/ledger.ts';
import type { FuturesAccount } from '../../domain/futures-journals.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Tx } from '../write-transaction.ts';

/**
 * Reads balances a futures transaction will book against, locked first. On PostgreSQL the rows are
 * locked with one SELECT ... ORDER BY id FOR UPDATE over every account the journal may touch (the
 * user's account and the fees, house and insurance accounts of the currency), the same order the
 * ledger locks in, so a close and a concurrent exchange cannot deadlock; missing rows are created
 * first in key order. SQLite already holds the database write lock (BEGIN IMMEDIATE).
 */
export async function lockedBalances(ctx: Pick<ServiceContext, 'dialect' | 'clock'>, trx: Tx, keys: readonly AccountKey[]): Promise<Map<string, BalanceState>> {
  const now = ctx.clock.now().toISOString();
  const unique = [...new Map(keys.map((k) => [accountKeyText(k), k])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k);
  for (const key of unique) {
    await trx.insertInto('ledger_accounts')
      .values({ user_id: key.userId, name: key.name, currency_id: key.currencyId, available_minor: '0', frozen_minor: '0', allow_negative: mayGoNegative(key) ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'name', 'currency_id']).doNothing())
      .execute();
  }
  let query = trx.selectFrom('ledger_accounts').selectAll()
    .where((eb) => eb.or(unique.map((k) => eb.and([eb('user_id', '=', k.userId), eb('name', '=', k.name), eb('currency_id', '=', k.currencyId)]))))
    .orderBy('id');
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((r) => [accountKeyText({ userId: r.user_id, name: r.name, currencyId: r.currency_id }), { available: BigInt(r.available_minor), frozen: BigInt(r.frozen_minor) }]));
}

/** The user's futures account plus the system accounts its journals touch, locked; answers the user's balance. */
export async function lockFuturesAccount(ctx: Pick<ServiceContext, 'dialect' | 'clock'>, trx: Tx, a: FuturesAccount): Promise<BalanceState> {
  const own = userAccount(a.userId, a.account, a.currencyId);
  const balances = await lockedBalances(ctx, trx, [own, systemAccount('fees', a.currencyId), systemAccount('house', a.currencyId), systemAccount('insurance', a.currencyId)]);
  return balances.get(accountKeyText(own)) ?? { available: 0n, frozen: 0n };
}

/** The current balance of one user account inside a transaction (after earlier journals of it). */
export async function balanceOf(trx: Tx, key: AccountKey): Promise<BalanceState> {
  const row = await trx.selectFrom('ledger_accounts').select(['available_minor', 'frozen_minor'])
    .where('user_id', '=', key.userId).where('name', '=', key.name).where('currency_id', '=', key.currencyId).executeTakeFirst();
  return { available: BigInt(row?.available_minor ?? '0'), frozen: BigInt(row?.frozen_minor ?? '0') };
}
