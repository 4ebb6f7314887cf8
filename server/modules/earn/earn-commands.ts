import { priceTextToTicks, ticksToText, ppmToText } from '../../domain/futures-prices.ts';
import { decimalToMinor, minorToDecimal } from '../../domain/minor-units.ts';
import { findUser, idArg, OpsError, table, UsageError, type CommandArgs, type OpsContext } from '../../src/ops/ops-context.ts';
import { iso } from '../../services/service-context.ts';
import { earnDb, loadCoins } from './earn-products.ts';
import { marketOf } from '../market/module.ts';
import { earnOf } from './earn-services.ts';
import { coinOf, type CoinInfo } from './earn-views.ts';
import { parseRatePpm } from './rules.ts';
import { minorSql } from './minor-sql.ts';

/**
 * Operators create, edit and close invest and dual products (every command is recorded in ops_audit
 * by the CLI). Terms are `key=value` words; an order copies its product's terms when bought, so an
 * edit never changes what a held order settles by.
 */

const MAX_QUOTA_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

function keyValues(args: CommandArgs): Map<string, string> {
  const map = new Map<string, string>();
  for (const word of args.positional) {
    const at = word.indexOf('=');
    if (at <= 0) throw new UsageError(`"${word}" is not key=value`);
    map.set(word.slice(0, at), word.slice(at + 1));
  }
  return map;
}

async function coinNamed(ctx: OpsContext, symbol: string | undefined): Promise<CoinInfo> {
  if (!symbol) throw new UsageError('name the coin (coin=BTC)');
  const coin = [...(await loadCoins(ctx.db)).values()].find((c) => c.symbol === symbol.toUpperCase());
  if (!coin) throw new OpsError(`no currency ${symbol}`);
  return coin;
}

const positiveInt = (raw: string | undefined, what: string): number => {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) throw new UsageError(`${what} must be a whole number from 1`);
  return Number(raw);
};
const ticks = (raw: string | undefined, what: string): bigint => {
  const value = raw ? priceTextToTicks(raw) : null;
  if (value === null) throw new UsageError(`${what} must be a positive price`);
  return value;
};
const rate = (raw: string | undefined): number => {
  const value = raw ? parseRatePpm(raw) : null;
  if (value === null) throw new UsageError('rate must be an annual rate such as 0.12 or 12%');
  return value;
};
function minor(raw: string | undefined, coin: CoinInfo, what: string): bigint {
  const value = raw ? decimalToMinor(raw, coin.decimals) : null;
  if (value === null || value <= 0n || value > MAX_QUOTA_MINOR) throw new UsageError(`${what} must be a positive amount of ${coin.symbol} with at most ${coin.decimals} places`);
  return value;
}

/** The pair whose candles settle the product: it must be listed (asked through the market module's face). */
async function pairOf(ctx: OpsContext, coin: CoinInfo, quote: CoinInfo): Promise<string> {
  const symbol = `${coin.symbol}/${quote.symbol}`;
  const catalog = marketOf(ctx.modules).markets.catalog;
  await catalog.ready();
  if (!catalog.named(symbol)) throw new OpsError(`${symbol} is not a listed pair: its price settles the product`);
  return symbol;
}

/** invest-create name=.. coin=BTC price=0.01 linked=62000 rate=0.12 days=7 shares=1000 [min=1] */
export async function investCreate(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const kv = keyValues(args);
  const coin = await coinNamed(ctx, kv.get('coin'));
  const quote = await coinNamed(ctx, kv.get('quote') ?? 'USDT');
  const symbol = await pairOf(ctx, coin, quote);
  const name = kv.get('name')?.trim();
  if (!name) throw new UsageError('name the product (name="BTC linked 7 days")');
  const shares = positiveInt(kv.get('shares'), 'shares');
  const now = iso(new Date());
  const row = await earnDb(ctx.db).insertInto('invest_products').values({
    name, coin_id: coin.id, quote_id: quote.id, symbol, share_price_minor: minor(kv.get('price'), coin, 'price').toString(),
    linked_price_ticks: ticks(kv.get('linked'), 'linked').toString(), rate_ppm: rate(kv.get('rate')), days: positiveInt(kv.get('days'), 'days'),
    total_shares: shares, remaining_shares: shares, min_shares: positiveInt(kv.get('min') ?? '1', 'min'), state: 'open', sort: 0, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return `invest product #${row.id} "${name}" created`;
}

/** invest-edit <id> [name=..] [rate=..] [linked=..] [days=..] [min=..] [add=<shares>]: terms for new purchases. */
export async function investEdit(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const [idText, ...rest] = args.positional;
  const id = idArg(idText, 'product');
  const kv = keyValues({ ...args, positional: rest });
  const db = earnDb(ctx.db);
  const product = await db.selectFrom('invest_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!product) throw new OpsError(`no invest product ${id}`);
  const add = kv.has('add') ? positiveInt(kv.get('add'), 'add') : 0;
  await db.updateTable('invest_products').set((eb) => ({
    name: kv.get('name') ?? product.name,
    rate_ppm: kv.has('rate') ? rate(kv.get('rate')) : product.rate_ppm,
    linked_price_ticks: kv.has('linked') ? ticks(kv.get('linked'), 'linked').toString() : product.linked_price_ticks,
    days: kv.has('days') ? positiveInt(kv.get('days'), 'days') : product.days,
    min_shares: kv.has('min') ? positiveInt(kv.get('min'), 'min') : product.min_shares,
    total_shares: eb('total_shares', '+', add),
    remaining_shares: eb('remaining_shares', '+', add),
    state: kv.get('state') === 'open' ? 'open' : product.state,
    updated_at: iso(new Date()),
  })).where('id', '=', id).execute();
  return `invest product #${id} updated`;
}

export async function investClose(ctx: OpsContext, { positional: [idText] }: CommandArgs): Promise<string> {
  const id = idArg(idText, 'product');
  const result = await earnDb(ctx.db).updateTable('invest_products').set({ state: 'closed', updated_at: iso(new Date()) }).where('id', '=', id).where('state', '=', 'open').executeTakeFirst();
  if ((result.numUpdatedRows ?? 0n) !== 1n) throw new OpsError(`invest product ${id} is not open`);
  return `invest product #${id} closed to new purchases; held orders settle as bought`;
}

/** dual-create coin=BTC type=sell_high|buy_low target=65000 rate=0.3 days=3 min=0.001 quota=10 */
export async function dualCreate(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const kv = keyValues(args);
  const coin = await coinNamed(ctx, kv.get('coin'));
  const quote = await coinNamed(ctx, kv.get('quote') ?? 'USDT');
  const symbol = await pairOf(ctx, coin, quote);
  const direction = kv.get('type');
  if (direction !== 'sell_high' && direction !== 'buy_low') throw new UsageError('type must be sell_high or buy_low');
  const deposit = direction === 'sell_high' ? coin : quote;
  const quota = minor(kv.get('quota'), deposit, 'quota');
  const now = iso(new Date());
  const row = await earnDb(ctx.db).insertInto('dual_products').values({
    coin_id: coin.id, quote_id: quote.id, symbol, direction, target_ticks: ticks(kv.get('target'), 'target').toString(), rate_ppm: rate(kv.get('rate')),
    days: positiveInt(kv.get('days'), 'days'), min_minor: minor(kv.get('min'), deposit, 'min').toString(), remaining_minor: minorSql(quota), total_minor: quota.toString(),
    state: 'open', sort: 0, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return `dual product #${row.id} ${symbol} ${direction} created`;
}

/** dual-edit <id> [rate=..] [target=..] [days=..] [min=..] [add=<amount>] [state=open] */
export async function dualEdit(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const [idText, ...rest] = args.positional;
  const id = idArg(idText, 'product');
  const kv = keyValues({ ...args, positional: rest });
  const db = earnDb(ctx.db);
  const product = await db.selectFrom('dual_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!product) throw new OpsError(`no dual product ${id}`);
  const deposit = coinOf(await loadCoins(ctx.db), product.direction === 'sell_high' ? product.coin_id : product.quote_id);
  const add = kv.has('add') ? minor(kv.get('add'), deposit, 'add') : 0n;
  if (BigInt(product.remaining_minor) + add > MAX_QUOTA_MINOR) throw new UsageError('quota too large');
  await db.updateTable('dual_products').set({
    rate_ppm: kv.has('rate') ? rate(kv.get('rate')) : product.rate_ppm,
    target_ticks: kv.has('target') ? ticks(kv.get('target'), 'target').toString() : product.target_ticks,
    days: kv.has('days') ? positiveInt(kv.get('days'), 'days') : product.days,
    min_minor: kv.has('min') ? minor(kv.get('min'), deposit, 'min').toString() : product.min_minor,
    remaining_minor: minorSql(BigInt(product.remaining_minor) + add),
    total_minor: (BigInt(product.total_minor) + add).toString(),
    state: kv.get('state') === 'open' ? 'open' : product.state,
    updated_at: iso(new Date()),
  }).where('id', '=', id).execute();
  return `dual product #${id} updated`;
}

export async function dualClose(ctx: OpsContext, { positional: [idText] }: CommandArgs): Promise<string> {
  const id = idArg(idText, 'product');
  const result = await earnDb(ctx.db).updateTable('dual_products').set({ state: 'closed', updated_at: iso(new Date()) }).where('id', '=', id).where('state', '=', 'open').executeTakeFirst();
  if ((result.numUpdatedRows ?? 0n) !== 1n) throw new OpsError(`dual product ${id} is not open`);
  return `dual product #${id} closed to new purchases; held orders settle as bought`;
}

export async function earnProducts(ctx: OpsContext): Promise<string> {
  const db = earnDb(ctx.db);
  const coins = await loadCoins(ctx.db);
  const invest = await db.selectFrom('invest_products').selectAll().orderBy('id').execute();
  const dual = await db.selectFrom('dual_products').selectAll().orderBy('id').execute();
  return [
    table([['invest', 'name', 'pair', 'share price', 'linked', 'rate', 'days', 'remaining/total', 'min', 'state'],
      ...invest.map((p) => [p.id, p.name, p.symbol, minorToDecimal(BigInt(p.share_price_minor), coinOf(coins, p.coin_id).decimals), ticksToText(BigInt(p.linked_price_ticks)), ppmToText(p.rate_ppm), p.days, `${p.remaining_shares}/${p.total_shares}`, p.min_shares, p.state])]),
    table([['dual', 'pair', 'type', 'target', 'rate', 'days', 'min', 'remaining', 'state'],
      ...dual.map((p) => {
        const deposit = coinOf(coins, p.direction === 'sell_high' ? p.coin_id : p.quote_id);
        return [p.id, p.symbol, p.direction, ticksToText(BigInt(p.target_ticks)), ppmToText(p.rate_ppm), p.days, minorToDecimal(BigInt(p.min_minor), deposit.decimals), `${minorToDecimal(BigInt(p.remaining_minor), deposit.decimals)} ${deposit.symbol}`, p.state];
      })]),
  ].join('\n\n');
}

export async function earnOrdersOf(ctx: OpsContext, { positional: [who] }: CommandArgs): Promise<string> {
  const user = await findUser(ctx, who);
  const coins = await loadCoins(ctx.db);
  const rows = await earnDb(ctx.db).selectFrom('earn_orders').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').limit(50).execute();
  if (rows.length === 0) return 'no earn orders';
  return table([['id', 'product', 'pair', 'type', 'principal', 'strike', 'fixing at', 'state', 'settle price', 'payout', 'error'],
    ...rows.map((r) => {
      const principal = coinOf(coins, r.principal_currency_id);
      const payout = r.payout_currency_id === null ? null : coinOf(coins, r.payout_currency_id);
      return [r.id, `${r.product}#${r.product_id}`, r.symbol, r.direction, `${minorToDecimal(BigInt(r.principal_minor), principal.decimals)} ${principal.symbol}`,
        ticksToText(BigInt(r.strike_ticks)), r.fixing_at, r.state, r.settle_price_ticks ? ticksToText(BigInt(r.settle_price_ticks)) : '',
        payout && r.payout_minor ? `${minorToDecimal(BigInt(r.payout_minor), payout.decimals)} ${payout.symbol}` : '', r.last_error ?? ''];
    })]);
}

/** Records the fixings whose windows have passed now (a running server does it every 2 s). */
export async function earnFix(ctx: OpsContext): Promise<string> {
  const recorded = await earnOf(ctx.modules).fixings.pass();
  const rows = await earnDb(ctx.db).selectFrom('earn_fixings').selectAll().orderBy('fixing_at', 'desc').limit(20).execute();
  return `${recorded} fixing(s) recorded\n${table([['pair', 'fixing at', 'price', 'minutes read'], ...rows.map((f) => [f.symbol, f.fixing_at, ticksToText(BigInt(f.price_ticks)), f.minutes])])}`;
}
