import type { ServiceContext } from '../service-context.ts';
import { OPEN_STATES } from './spot-order-state.ts';

/**
 * What open spot orders hold, per "user:currency" of the coin account: the quote of buys, the base
 * of sells (each order's hold_minor). The ledger check holds frozen coin balances to this plus open
 * withdrawals.
 */
export async function frozenBySpotOrders(ctx: Pick<ServiceContext, 'db'>): Promise<Map<string, bigint>> {
  const rows = await ctx.db.selectFrom('spot_orders as o')
    .innerJoin('market_symbols as s', 's.id', 'o.symbol_id')
    .select(['o.user_id', 'o.side', 'o.hold_minor', 's.base_currency_id', 's.quote_currency_id'])
    .where('o.state', 'in', [...OPEN_STATES])
    .execute();
  const held = new Map<string, bigint>();
  for (const o of rows) {
    const key = `${o.user_id}:${o.side === 'buy' ? o.quote_currency_id : o.base_currency_id}`;
    held.set(key, (held.get(key) ?? 0n) + BigInt(o.hold_minor));
  }
  return held;
}
