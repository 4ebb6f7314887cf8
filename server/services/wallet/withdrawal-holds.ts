import type { HoldSource } from '../ledger/ledger-check.ts';
import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';

/** amount + fee of each user's open (pending or approved) withdrawals, in their coin account. */
export const withdrawalHolds: HoldSource = {
  what: 'open withdrawals',
  async read(db) {
    const open = await db.selectFrom('withdrawals').select(['user_id', 'currency_id', 'amount_minor', 'fee_minor'])
      .where('state', 'in', ['pending', 'approved']).execute();
    const held = new Map<string, bigint>();
    for (const w of open) {
      const key = `${w.user_id}:${COIN_ACCOUNT}:${w.currency_id}`;
      held.set(key, (held.get(key) ?? 0n) + BigInt(w.amount_minor) + BigInt(w.fee_minor));
    }
    return held;
  },
};
