import type { HoldSource } from '../../services/ledger/ledger-check.ts';
import { earnDb } from './earn-products.ts';
import { EARN_FUND_ACCOUNT } from './rules.ts';

/**
 * What earn orders keep frozen in users' finance accounts: the deposits of orders not yet settled.
 * Only these: IEO freezes in the same account under its own source, and the ledger check sums them.
 */
export const earnHolds: HoldSource = { what: 'invest and dual orders', read: async (db) => {
  const held = new Map<string, bigint>();
  const rows = await earnDb(db).selectFrom('earn_orders').select(['user_id', 'principal_currency_id', 'principal_minor'])
    .where('state', 'in', ['purchased', 'settling', 'failed']).execute();
  for (const r of rows) {
    const key = `${r.user_id}:${EARN_FUND_ACCOUNT}:${r.principal_currency_id}`;
    held.set(key, (held.get(key) ?? 0n) + BigInt(r.principal_minor));
  }
  return held;
} };
