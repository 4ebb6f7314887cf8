import type { ServiceContext } from '../service-context.ts';
import type { AccountKeyOf, AccountState } from './futures-reads.ts';
import type { MarkLookup } from './futures-settlement.ts';
import { accountView, riskOf, type AccountSnapshot } from './futures-views.ts';
import type { PositionRow } from './position-rows.ts';

export type KeyedAccountState = AccountState & { key: AccountKeyOf };

/** Users per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

/**
 * FuturesReads.accountState for every futures account of many users at once (the trigger loop's
 * pass, which checks and sends the risk of thousands): balances and live rows read a few hundred
 * users a statement instead of three statements an account. Each user's accounts are those of
 * liveAccounts: the lever and stock accounts in `defaultCurrencyId`, then any other a live
 * position uses. Answers them per user, in that order.
 */
export async function accountStatesOf(
  ctx: ServiceContext, marks: MarkLookup, userIds: Iterable<number>, defaultCurrencyId: number | null, liquidationPpm: number,
): Promise<Map<number, KeyedAccountState[]>> {
  const users = [...new Set(userIds)];
  const balances = new Map<string, { available: bigint; frozen: bigint }>();
  const rowsOf = new Map<string, PositionRow[]>();
  const keysOf = new Map<number, Map<string, AccountKeyOf>>();
  const text = (k: AccountKeyOf) => `${k.userId}:${k.account}:${k.currencyId}`;
  for (const userId of users) {
    const keys = new Map<string, AccountKeyOf>();
    if (defaultCurrencyId !== null) for (const account of ['lever', 'stock'] as const) keys.set(text({ userId, account, currencyId: defaultCurrencyId }), { userId, account, currencyId: defaultCurrencyId });
    keysOf.set(userId, keys);
  }
  for (let at = 0; at < users.length; at += CHUNK) {
    const chunk = users.slice(at, at + CHUNK);
    const rows = await ctx.db.selectFrom('futures_positions').selectAll().where('user_id', 'in', chunk).where('state', 'in', ['open', 'pending']).orderBy('id').execute();
    for (const row of rows) {
      const key: AccountKeyOf = { userId: row.user_id, account: row.account === 'stock' ? 'stock' : 'lever', currencyId: row.margin_currency_id };
      const name = text(key);
      keysOf.get(row.user_id)?.set(name, key);
      const list = rowsOf.get(name);
      if (list) list.push(row);
      else rowsOf.set(name, [row]);
    }
    const accounts = await ctx.db.selectFrom('ledger_accounts').select(['user_id', 'name', 'currency_id', 'available_minor', 'frozen_minor'])
      .where('user_id', 'in', chunk).where('name', 'in', ['lever', 'stock']).execute();
    for (const a of accounts) balances.set(`${a.user_id}:${a.name}:${a.currency_id}`, { available: BigInt(a.available_minor), frozen: BigInt(a.frozen_minor) });
  }
  const currencyIds = [...new Set([...keysOf.values()].flatMap((keys) => [...keys.values()].map((k) => k.currencyId)))];
  const currencies = currencyIds.length === 0 ? [] : await ctx.db.selectFrom('currencies').select(['id', 'symbol', 'decimals']).where('id', 'in', currencyIds).execute();
  const currencyOf = new Map(currencies.map((c) => [c.id, c]));
  const states = new Map<number, KeyedAccountState[]>();
  for (const [userId, keys] of keysOf) {
    states.set(userId, [...keys.values()].map((key) => {
      const currency = currencyOf.get(key.currencyId);
      if (!currency) throw new Error(`currency ${key.currencyId} of a futures account is missing`);
      const balance = balances.get(text(key)) ?? { available: 0n, frozen: 0n };
      const snapshot: AccountSnapshot = { account: key.account, currencyId: key.currencyId, currency: currency.symbol, decimals: currency.decimals, ...balance };
      const live = rowsOf.get(text(key)) ?? [];
      const open = live.filter((r) => r.state === 'open');
      const risk = riskOf(snapshot, open, marks, liquidationPpm);
      return { key, snapshot, open, pending: live.filter((r) => r.state === 'pending'), risk, view: accountView(snapshot, risk) };
    }));
  }
  return states;
}
