import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import type { HoldSource } from '../ledger/ledger-check.ts';
import { OPEN_STATES } from './spot-order-state.ts';

/**
 * What open spot orders hold in the coin account: the quote of buys, the base of sells (each
 * order's hold_minor).
 */
export const spotOrderHolds: HoldSource = { what: 'spot orders', read: async (db) => {
  const rows = await db.selectFrom('spot_orders as o')
    .innerJoin('market_symbols as s', 's.id', 'o.symbol_id')
    .select(['o.user_id', 'o.side', 'o.hold_minor', 's.base_currency_id', 's.quote_currency_id'])
    .where('o.state', 'in', [...OPEN_STATES])
    .execute();
  const held = new Map<string, bigint>();
  for (const o of rows) {
    const key = `${o.user_id}:${COIN_ACCOUNT}:${o.side === 'buy' ? o.quote_currency_id : o.base_currency_id}`;
    held.set(key, (held.get(key) ?? 0n) + BigInt(o.hold_minor));
  }
  return held;
} };
