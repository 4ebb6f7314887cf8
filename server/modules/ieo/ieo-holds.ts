import type { HoldSource } from '../../services/ledger/ledger-check.ts';
import { IEO_ACCOUNT, ieoDb } from './ieo-db.ts';

/**
 * What the IEO keeps frozen, for the ledger check: every subscription not yet settled holds what it
 * committed in the user's financial account, in its pay currency. Only this module's: other products
 * freezing in the same account report their own, and the check adds the sources up.
 */
export const ieoHolds: HoldSource = {
  what: 'IEO subscriptions',
  read: async (db) => {
    const held = new Map<string, bigint>();
    const rows = await ieoDb(db).selectFrom('ieo_subscriptions').select(['user_id', 'pay_currency_id', 'committed_minor'])
      .where('state', '=', 'pending').execute();
    for (const r of rows) {
      const key = `${r.user_id}:${IEO_ACCOUNT}:${r.pay_currency_id}`;
      held.set(key, (held.get(key) ?? 0n) + BigInt(r.committed_minor));
    }
    return held;
  },
};
