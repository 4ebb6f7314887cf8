import { MARKET_CATEGORIES, type MarketCategory } from '../../../contract/api/market.ts';
import { decimalToMinor, minorToDecimal } from '../../domain/minor-units.ts';
import { listPair, setPairTrading, type PairDraft } from '../../services/market/pair-listing.ts';
import { OpsError, table, UsageError, type CommandArgs, type OpsCommand, type OpsContext } from '../../src/ops/ops-context.ts';

/** The seeded coins' fees (db/seed/seed-markets.ts) and minimum order value in USDT: a new pair's defaults. */
const DEFAULT_MAKER = '0.08%';
const DEFAULT_TAKER = '0.1%';
const DEFAULT_MIN_USDT = '5';
const OPTIONS = ['tick', 'lot', 'price-decimals', 'amount-decimals', 'min', 'maker', 'taker', 'category', 'sort'];

/** `--name=value` flags (the command line hands flags over as words). */
function options(args: CommandArgs): Map<string, string> {
  const out = new Map<string, string>();
  for (const flag of args.flags) {
    const match = /^--([a-z-]+)=(.*)$/.exec(flag);
    if (!match) throw new UsageError(`"${flag}" is not --name=value`);
    if (!OPTIONS.includes(match[1]!)) throw new UsageError(`unknown option --${match[1]}`);
    if (out.has(match[1]!)) throw new UsageError(`--${match[1]} is given twice`);
    out.set(match[1]!, match[2]!);
  }
  return out;
}

/** "TOKEN/USDT" (also TOKEN_USDT, TOKEN-USDT, any case) -> ["TOKEN", "USDT"]. */
function pairArg(raw: string | undefined): [string, string] {
  const match = raw ? /^([A-Za-z0-9]{1,12})[/_-]([A-Za-z0-9]{1,12})$/.exec(raw.trim()) : null;
  if (!match) throw new UsageError('name the pair as BASE/QUOTE, e.g. TOKEN/USDT');
  return [match[1]!.toUpperCase(), match[2]!.toUpperCase()];
}

/** "0.0001" or --price-decimals=4; one of the two. */
function stepArg(o: Map<string, string>, step: string, places: string, what: string): string {
  const given = o.get(step);
  const decimals = o.get(places);
  if (given !== undefined && decimals !== undefined) throw new UsageError(`give --${step} or --${places}, not both`);
  if (decimals !== undefined) {
    if (!/^\d{1,2}$/.test(decimals) || Number(decimals) > 18) throw new UsageError(`--${places} must be a whole number 0-18`);
    return Number(decimals) === 0 ? '1' : `0.${'0'.repeat(Number(decimals) - 1)}1`;
  }
  if (given === undefined) throw new UsageError(`give the ${what}: --${step}=0.0001 or --${places}=4`);
  if (!/^\d+(\.\d+)?$/.test(given) || !/[1-9]/.test(given)) throw new UsageError(`--${step} must be a positive plain decimal`);
  return given;
}

/** "0.08%" -> 800 parts per million. */
function feePpm(raw: string, what: string): number {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(raw.trim());
  const ppm = match ? decimalToMinor(match[1]!, 4) : null;
  if (ppm === null || ppm >= 1_000_000n) throw new UsageError(`--${what} must be a percentage below 100 with its sign and at most 4 decimals, e.g. 0.1%`);
  return Number(ppm);
}

async function decimalsOf(ctx: OpsContext, symbol: string): Promise<number> {
  const row = await ctx.db.selectFrom('currencies').select('decimals').where('symbol', '=', symbol).executeTakeFirst();
  if (!row) throw new OpsError(`no currency ${symbol}: list the coin first (an IEO token becomes one when its project is created)`);
  return row.decimals;
}

function amountMinor(raw: string, decimals: number, what: string, symbol: string): bigint {
  const minor = /^\d+(\.\d+)?$/.test(raw) ? decimalToMinor(raw, decimals) : null;
  if (minor === null || minor <= 0n) throw new UsageError(`${what} must be a positive amount of ${symbol} with at most ${decimals} decimals`);
  return minor;
}

async function pairAdd(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const [base, quote] = pairArg(args.positional[0]);
  if (args.positional.length > 1) throw new UsageError(`unexpected "${args.positional[1]}": options are --name=value`);
  const o = options(args);
  const tickSize = stepArg(o, 'tick', 'price-decimals', 'price step');
  const lot = stepArg(o, 'lot', 'amount-decimals', 'amount step');
  const category = (o.get('category') ?? 'coin').toLowerCase();
  if (!(MARKET_CATEGORIES as readonly string[]).includes(category)) throw new UsageError(`--category must be one of ${MARKET_CATEGORIES.join(', ')}`);
  const sort = o.get('sort');
  if (sort !== undefined && !/^\d{1,6}$/.test(sort)) throw new UsageError('--sort must be a whole number');
  const min = o.get('min') ?? (quote === 'USDT' ? DEFAULT_MIN_USDT : undefined);
  if (min === undefined) throw new UsageError(`give the minimum order value in ${quote}: --min=...`);
  const [baseDecimals, quoteDecimals] = [await decimalsOf(ctx, base), await decimalsOf(ctx, quote)];
  const draft: PairDraft = {
    base, quote, category: category as MarketCategory, tickSize,
    lotMinor: amountMinor(lot, baseDecimals, 'the amount step', base),
    minNotionalMinor: amountMinor(min, quoteDecimals, '--min', quote),
    makerFeePpm: feePpm(o.get('maker') ?? DEFAULT_MAKER, 'maker'), takerFeePpm: feePpm(o.get('taker') ?? DEFAULT_TAKER, 'taker'),
    sort: sort === undefined ? null : Number(sort),
  };
  const listed = await listPair(ctx.db, draft, new Date());
  if (!listed.ok) throw new OpsError(listed.reason);
  const r = listed.value;
  return `${r.symbol} listed (#${r.id}, ${r.category}): price step ${r.tickSize} ${quote}, amount step ${minorToDecimal(r.lotMinor, baseDecimals)} ${base}, ` +
    `minimum order ${minorToDecimal(r.minNotionalMinor, quoteDecimals)} ${quote}, fees maker ${minorToDecimal(BigInt(r.makerFeePpm), 4)}% taker ${minorToDecimal(BigInt(r.takerFeePpm), 4)}%; ` +
    'running servers take orders on it within about a second';
}

async function pairList(ctx: OpsContext): Promise<string> {
  const rows = await ctx.db.selectFrom('market_symbols as s')
    .innerJoin('currencies as b', 'b.id', 's.base_currency_id').innerJoin('currencies as q', 'q.id', 's.quote_currency_id')
    .select(['s.id', 's.symbol', 's.category', 's.tick_size', 's.lot_size_minor', 's.min_notional_minor', 's.maker_fee_ppm', 's.taker_fee_ppm', 's.status', 's.sort', 'b.decimals as base_decimals', 'q.decimals as quote_decimals'])
    .orderBy('s.sort').orderBy('s.id').execute();
  if (rows.length === 0) return 'no spot pairs';
  const percent = (ppm: number) => `${minorToDecimal(BigInt(ppm), 4)}%`;
  return table([
    ['id', 'symbol', 'category', 'price step', 'amount step', 'min order', 'maker', 'taker', 'status', 'sort'],
    ...rows.map((r) => [
      r.id, r.symbol, r.category, r.tick_size, minorToDecimal(BigInt(r.lot_size_minor), r.base_decimals), minorToDecimal(BigInt(r.min_notional_minor), r.quote_decimals),
      percent(r.maker_fee_ppm), percent(r.taker_fee_ppm), r.status === 1 ? 'trading' : 'halted', r.sort,
    ]),
  ]);
}

function trading(on: boolean) {
  return async (ctx: OpsContext, { positional }: CommandArgs): Promise<string> => {
    const [base, quote] = pairArg(positional[0]);
    const done = await setPairTrading(ctx.db, `${base}/${quote}`, on, new Date());
    if (!done.ok) throw new OpsError(done.reason);
    return on
      ? `${done.value.symbol} trading again: back in the lists within about a second`
      : `${done.value.symbol} halted: off the lists and no new orders within about a second; resting orders stay on the book and can be cancelled`;
  };
}

export const PAIR_OPS: Readonly<Record<string, OpsCommand>> = {
  'pair-add': {
    usage: 'pair-add BASE/QUOTE --tick=0.0001|--price-decimals=4 --lot=0.01|--amount-decimals=2 [--min=5] [--maker=0.08%] [--taker=0.1%] [--category=coin|stock] [--sort=N]',
    summary: 'list a spot pair on existing currencies (an IEO token is one); running servers trade it within about a second',
    run: pairAdd,
  },
  'pair-list': { usage: 'pair-list', summary: 'every spot pair with its steps, minimum order, fees and status (trading or halted)', run: pairList },
  'pair-halt': { usage: 'pair-halt BASE/QUOTE', summary: 'take a pair off the lists and refuse new orders on it (resting orders stay cancellable)', run: trading(false) },
  'pair-resume': { usage: 'pair-resume BASE/QUOTE', summary: 'list a halted pair again', run: trading(true) },
};
