import { OPTION_ACCOUNT } from '../../domain/options-rules.ts';
import type { HoldSource } from '../ledger/ledger-check.ts';

/**
 * What contracts hold frozen, per "user:fund account:currency", for the ledger check: the margins of
 * open futures positions and the holds of pending limit orders (lever and stock accounts), and the
 * stakes of open options (micro account).
 */
export const contractHolds: HoldSource = { what: 'futures and options', read: async (db) => {
  const held = new Map<string, bigint>();
  const add = (key: string, amount: bigint) => held.set(key, (held.get(key) ?? 0n) + amount);
  const positions = await db.selectFrom('futures_positions').select(['user_id', 'account', 'margin_currency_id', 'state', 'margin_minor', 'hold_minor'])
    .where('state', 'in', ['open', 'pending']).execute();
  for (const p of positions) add(`${p.user_id}:${p.account}:${p.margin_currency_id}`, BigInt(p.state === 'open' ? p.margin_minor : p.hold_minor));
  const options = await db.selectFrom('seconds_options').select(['user_id', 'currency_id', 'stake_minor']).where('state', '=', 'open').execute();
  for (const o of options) add(`${o.user_id}:${OPTION_ACCOUNT}:${o.currency_id}`, BigInt(o.stake_minor));
  return held;
} };
