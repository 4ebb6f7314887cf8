import type { Kysely } from 'kysely';
import { mayGoNegative, systemAccount, SYSTEM_ACCOUNTS } from '../../domain/ledger.ts';
import type { Database } from '../schema.ts';

/**
 * The system's ledger accounts (fees, custody, house, insurance) for every currency, so operators
 * see them all from the start (ops balances system). They are ordinary ledger accounts of user 0;
 * the ledger would create any missing one on first use anyway.
 */
export async function seedSystemAccounts(db: Kysely<Database>, nowIso: string): Promise<void> {
  const currencies = await db.selectFrom('currencies').select('id').execute();
  const rows = currencies.flatMap(({ id }) => SYSTEM_ACCOUNTS.map((name) => {
    const key = systemAccount(name, id);
    return { user_id: key.userId, name, currency_id: id, available_minor: '0', frozen_minor: '0', allow_negative: mayGoNegative(key) ? 1 : 0, updated_at: nowIso };
  }));
  if (rows.length === 0) return;
  await db.insertInto('ledger_accounts').values(rows).onConflict((oc) => oc.columns(['user_id', 'name', 'currency_id']).doNothing()).execute();
}
