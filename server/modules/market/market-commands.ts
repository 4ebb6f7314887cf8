import { ticksToPrice, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { recordOf, spotOrderView } from '../../services/market/spot-order-state.ts';
import type { CommandArgs } from '../../src/ops/ops-context.ts';
import { describeUser, findUser, table, type OpsContext } from '../../src/ops/ops-context.ts';
import { marketOf } from './market-services.ts';

const HISTORY_SHOWN = 20;

async function pairs(ctx: OpsContext): Promise<readonly SpotSymbolRules[]> {
  await marketOf(ctx.modules).markets.catalog.ready();
  return marketOf(ctx.modules).markets.pairs();
}

/** Every pair with its last price, best bid and ask, open orders per side and trades so far (read from the database). */
export async function markets(ctx: OpsContext): Promise<string> {
  const list = await pairs(ctx);
  const open = await ctx.db.selectFrom('spot_orders')
    .select((eb) => ['symbol_id', 'side', eb.fn.countAll<string | number>().as('n'), eb.fn.max('price_ticks').as('high'), eb.fn.min('price_ticks').as('low')])
    .where('state', 'in', ['open', 'partial']).groupBy(['symbol_id', 'side']).execute();
  const trades = await ctx.db.selectFrom('spot_trades')
    .select((eb) => ['symbol_id', eb.fn.countAll<string | number>().as('n'), eb.fn.max('id').as('last_id')]).groupBy('symbol_id').execute();
  const lastIds = trades.map((t) => Number(t.last_id));
  const lasts = lastIds.length === 0 ? [] : await ctx.db.selectFrom('spot_trades').select(['symbol_id', 'price_ticks']).where('id', 'in', lastIds).execute();
  const side = (id: number, s: string) => open.find((o) => Number(o.symbol_id) === id && o.side === s);
  return table([
    ['symbol', 'category', 'last', 'bid', 'ask', 'open buys', 'open sells', 'trades'],
    ...list.map((r) => {
      const buys = side(r.id, 'buy');
      const sells = side(r.id, 'sell');
      const last = lasts.find((l) => Number(l.symbol_id) === r.id);
      return [
        r.symbol, r.category,
        last ? ticksToPrice(r, last.price_ticks) : `${ticksToPrice(r, marketOf(ctx.modules).markets.catalog.referenceTicks(r))} (reference)`,
        buys ? ticksToPrice(r, Number(buys.high)) : '-', sells ? ticksToPrice(r, Number(sells.low)) : '-',
        Number(buys?.n ?? 0), Number(sells?.n ?? 0), Number(trades.find((t) => Number(t.symbol_id) === r.id)?.n ?? 0),
      ];
    }),
  ]);
}

/** A user's open orders and latest finished ones. */
export async function orders(ctx: OpsContext, { positional: [who] }: CommandArgs): Promise<string> {
  const user = await findUser(ctx, who);
  const list = await pairs(ctx);
  const byId = new Map(list.map((r) => [r.id, r]));
  const load = (states: string[], limit: number) => ctx.db.selectFrom('spot_orders').selectAll().where('user_id', '=', user.id).where('state', 'in', states).orderBy('id', 'desc').limit(limit).execute();
  const rows = [...(await load(['open', 'partial'], 10_000)), ...(await load(['filled', 'cancelled'], HISTORY_SHOWN))];
  if (rows.length === 0) return `user ${describeUser(user)}: no spot orders`;
  return `user ${describeUser(user)}: open orders, then the latest ${HISTORY_SHOWN} finished\n` + table([
    ['id', 'symbol', 'side', 'kind', 'price', 'amount', 'filled', 'avg price', 'fee', 'state', 'created'],
    ...rows.flatMap((row) => {
      const r = byId.get(Number(row.symbol_id));
      if (!r) return [];
      const o = spotOrderView(r, recordOf(row));
      return [[o.id, o.symbol, o.side, o.kind, o.price ?? 'market', o.amount, o.filled, o.avg_price, `${o.fee} ${o.fee_currency}`, o.state, o.created_at]];
    }),
  ]);
}
