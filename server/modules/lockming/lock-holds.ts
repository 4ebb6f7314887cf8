import type { HoldSource } from '../../services/ledger/ledger-check.ts';
import { LOCK_ACCOUNT } from './journals.ts';
import type { LockTables } from './schema.ts';

/** What lock mining holds frozen, for the ledger check: the principal of every order in progress, in the mining account. */
export const lockHolds: HoldSource = {
  what: 'lock mining',
  read: async (db) => {
    const rows = await db.withTables<LockTables>().selectFrom('lockming_orders').select(['user_id', 'currency_id', 'principal_minor']).where('state', '=', 'locked').execute();
    const held = new Map<string, bigint>();
    for (const r of rows) {
      const key = `${r.user_id}:${LOCK_ACCOUNT}:${r.currency_id}`;
      held.set(key, (held.get(key) ?? 0n) + BigInt(r.principal_minor));
    }
    return held;
  },
};
