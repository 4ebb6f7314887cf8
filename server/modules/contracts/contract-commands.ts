import { ticksToText } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import type { CommandArgs } from '../../src/ops/ops-context.ts';
import { describeUser, findUser, OpsError, table, UsageError, type OpsContext } from '../../src/ops/ops-context.ts';
import { contractsOf } from './contracts-services.ts';

const LIST_MAX = 50;
const price = (ticks: string | null) => (ticks === null ? '-' : ticksToText(BigInt(ticks)));

async function decimalsById(ctx: OpsContext): Promise<Map<number, { symbol: string; decimals: number }>> {
  const rows = await ctx.db.selectFrom('currencies').select(['id', 'symbol', 'decimals']).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** A user's live futures positions and pending limit orders, then the latest closed ones. */
export async function positions(ctx: OpsContext, { positional: [who] }: CommandArgs): Promise<string> {
  const user = await findUser(ctx, who);
  const rows = await ctx.db.selectFrom('futures_positions').selectAll().where('user_id', '=', user.id)
    .orderBy((eb) => eb.case().when('state', 'in', ['open', 'pending']).then(0).else(1).end()).orderBy('id', 'desc').limit(LIST_MAX).execute();
  if (rows.length === 0) return `${describeUser(user)} has no futures positions`;
  const currencies = await decimalsById(ctx);
  const marks = contractsOf(ctx.modules).marks;
  await contractsOf(ctx.modules).ready();
  return [
    `futures positions of ${describeUser(user)} (live first, at most ${LIST_MAX}; mark = the price this process sees, overrides included)`,
    table([
      ['id', 'symbol', 'account', 'side', 'state', 'lots', 'x', 'limit', 'open', 'mark/close', 'tp', 'sl', 'margin', 'fees', 'pnl', 'reason', 'opened'],
      ...rows.map((r) => {
        const c = currencies.get(r.margin_currency_id);
        const money = (minor: string) => minorToDecimal(BigInt(minor), c?.decimals ?? 0);
        const now = r.state === 'closed' ? price(r.close_price_ticks) : (marks.get(r.symbol)?.price ?? '-');
        return [
          r.id, r.symbol, r.account, r.side, r.state, r.lots, r.multiple, price(r.target_price_ticks), price(r.open_price_ticks), now,
          price(r.tp_ticks), price(r.sl_ticks), `${money(r.state === 'pending' ? r.hold_minor : r.margin_minor)} ${c?.symbol ?? ''}`,
          money((BigInt(r.open_fee_minor) + BigInt(r.close_fee_minor) + BigInt(r.overnight_fee_minor)).toString()),
          r.state === 'closed' ? money(r.pnl_minor) : '-', r.close_reason ?? '-', r.opened_at ?? r.created_at,
        ];
      }),
    ]),
  ].join('\n');
}

/** A user's seconds options, open first. */
export async function options(ctx: OpsContext, { positional: [who] }: CommandArgs): Promise<string> {
  const user = await findUser(ctx, who);
  const rows = await ctx.db.selectFrom('seconds_options').selectAll().where('user_id', '=', user.id)
    .orderBy((eb) => eb.case().when('state', '=', 'open').then(0).else(1).end()).orderBy('id', 'desc').limit(LIST_MAX).execute();
  if (rows.length === 0) return `${describeUser(user)} has no options`;
  const currencies = await decimalsById(ctx);
  return [
    `seconds options of ${describeUser(user)} (open first, at most ${LIST_MAX})`,
    table([
      ['id', 'symbol', 'dir', 'secs', 'stake', 'entry', 'exit', 'state', 'outcome', 'result', 'expires', 'settled'],
      ...rows.map((r) => {
        const c = currencies.get(r.currency_id);
        const money = (minor: string) => minorToDecimal(BigInt(minor), c?.decimals ?? 0);
        return [
          r.id, r.symbol, r.direction, r.seconds, `${money(r.stake_minor)} ${c?.symbol ?? ''}`, price(r.entry_price_ticks), price(r.exit_price_ticks),
          r.state, r.outcome ?? '-', r.result_minor === null ? '-' : money(r.result_minor), r.expires_at, r.settled_at ?? '-',
        ];
      }),
    ]),
  ].join('\n');
}

/**
 * `mark <symbol> <price>` overrides the mark contracts use (tests, incidents); `mark <symbol> clear`
 * returns it to the market's; `mark` lists overrides. Stored in contract_mark_overrides: running
 * servers apply it within a second; who and when are in ops_audit and on the override row.
 */
export async function mark(ctx: OpsContext, { positional: [symbolArg, value] }: CommandArgs): Promise<string> {
  const marks = contractsOf(ctx.modules).marks;
  if (!symbolArg) {
    const list = await marks.list();
    return list.length === 0 ? 'no mark is overridden' : table([['symbol', 'price', 'set by', 'set at'], ...list.map((o) => [o.symbol, o.price, o.set_by, o.set_at])]);
  }
  if (!value) throw new UsageError('give a price, or clear');
  const symbol = symbolArg.trim().toUpperCase();
  const known = await ctx.db.selectFrom('market_symbols').select('symbol').where('symbol', '=', symbol).executeTakeFirst();
  if (!known) throw new OpsError(`no symbol ${symbol} (write it as BASE/QUOTE, such as BTC/USDT)`);
  if (value.toLowerCase() === 'clear') {
    return (await marks.clear(symbol)) ? `${symbol}: override cleared; contracts use the market's mark again` : `${symbol} had no override`;
  }
  if (!(await marks.set(symbol, value, ctx.operator))) throw new OpsError(`bad price "${value}": a positive decimal with at most 8 places`);
  return `${symbol}: mark overridden to ${value} by ${ctx.operator}; running servers apply it within a second (TP/SL, liquidation, option settlement). Undo with: mark ${symbol} clear`;
}
