import { ppmToText } from '../../domain/futures-prices.ts';
import { decimalToMinor, minorToDecimal } from '../../domain/minor-units.ts';
import { describeUser, findUser, idArg, OpsError, table, UsageError, type CommandArgs, type OpsCommand, type OpsContext } from '../../src/ops/ops-context.ts';
import { createProduct, draftOf, draftProblem, moveStatus, updateProduct, type ProductDraft } from './product-admin.ts';
import { minuteToTime, timeToMinute } from './rules.ts';
import type { LockTables } from './schema.ts';

/**
 * Operators' lock mining commands (`npm run ops -- lockming-...`), recorded in ops_audit by the CLI
 * like every command. Terms are key=value words; rates in percent with their sign ("yield=0.3%").
 */

const FIELDS = 'coin=USDT category=lock|defi|cloud min=100 [max=50000|none] yield=0.3% days=5 time=00:00 penalty=0.4% expiry=2027-12-31 [sort=0]';

function keyValues(words: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of words) {
    const at = word.indexOf('=');
    if (at <= 0) throw new UsageError(`"${word}" is not key=value`);
    const key = word.slice(0, at).toLowerCase();
    if (out.has(key)) throw new UsageError(`${key} is given twice`);
    out.set(key, word.slice(at + 1));
  }
  for (const key of out.keys()) if (!['coin', 'category', 'min', 'max', 'yield', 'days', 'time', 'penalty', 'expiry', 'sort'].includes(key)) throw new UsageError(`unknown term "${key}"`);
  return out;
}

/** "0.3%" -> 3000 parts per million. */
function percentPpm(raw: string, what: string): number {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(raw.trim());
  const ppm = match ? decimalToMinor(match[1]!, 4) : null;
  if (ppm === null) throw new UsageError(`${what} must be a percentage with its sign and at most 4 decimals, e.g. 0.3%`);
  return Number(ppm);
}

function amountMinor(raw: string, decimals: number, what: string): bigint {
  const minor = /^\d+(\.\d+)?$/.test(raw) ? decimalToMinor(raw, decimals) : null;
  if (minor === null) throw new UsageError(`${what} must be a plain amount with at most ${decimals} decimals`);
  return minor;
}

function wholeNumber(raw: string, what: string): number {
  if (!/^\d{1,6}$/.test(raw)) throw new UsageError(`${what} must be a whole number`);
  return Number(raw);
}

async function coinOf(ctx: OpsContext, symbol: string) {
  const coin = await ctx.db.selectFrom('currencies').select(['id', 'symbol', 'decimals']).where('symbol', '=', symbol.trim().toUpperCase()).executeTakeFirst();
  if (!coin) throw new OpsError(`no currency ${symbol}`);
  return coin;
}

/** The draft with the given terms applied; `base` for an edit, all terms required for a new product. */
function applyTerms(terms: Map<string, string>, decimals: number, base: Omit<ProductDraft, 'currencyId'> | null): Omit<ProductDraft, 'currencyId'> {
  const need = (key: string): string => {
    const value = terms.get(key);
    if (value === undefined) throw new UsageError(`give ${key}=...`);
    return value;
  };
  const pick = <T>(key: string, parse: (raw: string) => T, current: T | undefined): T => {
    const raw = terms.get(key);
    if (raw !== undefined) return parse(raw);
    if (current !== undefined) return current;
    return parse(need(key));
  };
  const minute = (raw: string) => {
    const m = timeToMinute(raw);
    if (m === null) throw new UsageError('time must be HH:MM (UTC)');
    return m;
  };
  return {
    category: pick('category', (r) => r.trim().toLowerCase(), base?.category),
    minMinor: pick('min', (r) => amountMinor(r, decimals, 'min'), base?.minMinor),
    maxMinor: terms.has('max') ? (terms.get('max') === 'none' ? null : amountMinor(terms.get('max')!, decimals, 'max')) : (base ? base.maxMinor : null),
    dailyYieldPpm: pick('yield', (r) => percentPpm(r, 'yield'), base?.dailyYieldPpm),
    lockDays: pick('days', (r) => wholeNumber(r, 'days'), base?.lockDays),
    dividendMinute: pick('time', minute, base?.dividendMinute),
    penaltyRatePpm: pick('penalty', (r) => percentPpm(r, 'penalty'), base?.penaltyRatePpm),
    expiryDate: pick('expiry', (r) => r.trim(), base?.expiryDate),
    sort: terms.has('sort') ? wholeNumber(terms.get('sort')!, 'sort') : (base?.sort ?? 0),
  };
}

const nowIso = () => new Date().toISOString();

async function products(ctx: OpsContext): Promise<string> {
  const rows = await ctx.db.withTables<LockTables>().selectFrom('lockming_products as p').innerJoin('currencies as c', 'c.id', 'p.currency_id')
    .select(['p.id', 'p.category', 'c.symbol', 'c.decimals', 'p.min_amount_minor', 'p.max_amount_minor', 'p.daily_yield_ppm', 'p.lock_days', 'p.dividend_minute', 'p.penalty_rate_ppm', 'p.expiry_date', 'p.status', 'p.sort'])
    .orderBy('p.sort').orderBy('p.id').execute();
  if (rows.length === 0) return 'no lock mining products';
  const amount = (minor: string | null, decimals: number) => (minor === null ? '-' : minorToDecimal(BigInt(minor), decimals));
  const percent = (ppm: number) => `${minorToDecimal(BigInt(ppm), 4)}%`;
  return table([
    ['id', 'category', 'coin', 'min', 'max', 'daily yield', 'days', 'dividend (UTC)', 'penalty/day', 'last day', 'status', 'sort'],
    ...rows.map((r) => [r.id, r.category, r.symbol, amount(r.min_amount_minor, r.decimals), amount(r.max_amount_minor, r.decimals), percent(r.daily_yield_ppm), r.lock_days, minuteToTime(r.dividend_minute), percent(r.penalty_rate_ppm), r.expiry_date, r.status, r.sort]),
  ]);
}

async function create(ctx: OpsContext, { positional }: CommandArgs): Promise<string> {
  const terms = keyValues(positional);
  const coin = await coinOf(ctx, terms.get('coin') ?? '');
  const draft: ProductDraft = { ...applyTerms(terms, coin.decimals, null), currencyId: coin.id };
  const problem = draftProblem(draft);
  if (problem) throw new UsageError(problem);
  const id = await createProduct(ctx.db, draft, nowIso());
  return `lock mining product #${id} created (${draft.category}, ${coin.symbol}, ${ppmToText(draft.dailyYieldPpm)} a day for ${draft.lockDays} days), active`;
}

async function edit(ctx: OpsContext, { positional: [rawId, ...words] }: CommandArgs): Promise<string> {
  const id = idArg(rawId, 'product');
  const terms = keyValues(words);
  if (terms.size === 0) throw new UsageError('give the terms to change, key=value');
  if (terms.has('coin')) throw new UsageError('the coin of a product cannot change: end it and create another');
  const base = await draftOf(ctx.db, id);
  if (!base) throw new OpsError(`no lock mining product #${id}`);
  const coin = await ctx.db.selectFrom('currencies').select('decimals').where('id', '=', base.currencyId).executeTakeFirstOrThrow();
  const draft: ProductDraft = { ...applyTerms(terms, coin.decimals, base), currencyId: base.currencyId };
  const problem = draftProblem(draft);
  if (problem) throw new UsageError(problem);
  await updateProduct(ctx.db, id, draft, nowIso());
  return `lock mining product #${id} updated (${[...terms.keys()].join(', ')}); orders in progress keep their terms`;
}

function status(from: readonly string[], to: string, verb: string): OpsCommand['run'] {
  return async (ctx, { positional: [rawId] }) => {
    const id = idArg(rawId, 'product');
    if (!(await draftOf(ctx.db, id))) throw new OpsError(`no lock mining product #${id}`);
    if (!(await moveStatus(ctx.db, id, from, to, nowIso()))) throw new OpsError(`product #${id} is not ${from.join(' or ')}: nothing changed`);
    return `lock mining product #${id} ${verb}; orders in progress run on to maturity`;
  };
}

async function orders(ctx: OpsContext, { positional: [who] }: CommandArgs): Promise<string> {
  const user = await findUser(ctx, who);
  const rows = await ctx.db.withTables<LockTables>().selectFrom('lockming_orders as o').innerJoin('currencies as c', 'c.id', 'o.currency_id')
    .select(['o.id', 'o.product_id', 'c.symbol', 'c.decimals', 'o.principal_minor', 'o.state', 'o.days_paid', 'o.lock_days', 'o.dividends_minor', 'o.penalty_minor', 'o.created_at', 'o.matures_at', 'o.ended_at'])
    .where('o.user_id', '=', user.id).orderBy((eb) => eb.case().when('o.state', '=', 'locked').then(0).else(1).end()).orderBy('o.id', 'desc').limit(100).execute();
  if (rows.length === 0) return `user ${describeUser(user)} has no lock mining orders`;
  const amount = (minor: string | null, decimals: number) => (minor === null ? '-' : minorToDecimal(BigInt(minor), decimals));
  return table([
    ['id', 'product', 'coin', 'amount', 'state', 'dividends paid', 'dividends', 'penalty', 'locked', 'matures', 'ended'],
    ...rows.map((r) => [r.id, r.product_id, r.symbol, amount(r.principal_minor, r.decimals), r.state, `${r.days_paid}/${r.lock_days}`, amount(r.dividends_minor, r.decimals), amount(r.penalty_minor, r.decimals), r.created_at, r.matures_at, r.ended_at ?? '-']),
  ]);
}

export const LOCKMING_OPS: Readonly<Record<string, OpsCommand>> = {
  'lockming-products': { usage: 'lockming-products', summary: 'lock mining products with their terms and status', run: products },
  'lockming-create': { usage: `lockming-create ${FIELDS}`, summary: 'add a lock mining product (active at once)', run: create },
  'lockming-edit': { usage: 'lockming-edit <id> <key=value ...> (as lockming-create, but not coin)', summary: "change a product's terms for new locks", run: edit },
  'lockming-pause': { usage: 'lockming-pause <id>', summary: 'stop new locks into an active product for now', run: status(['active'], 'paused', 'paused') },
  'lockming-resume': { usage: 'lockming-resume <id>', summary: 'take new locks into a paused product again', run: status(['paused'], 'active', 'resumed') },
  'lockming-end': { usage: 'lockming-end <id>', summary: 'end a product for good (it leaves the list; its orders run on)', run: status(['active', 'paused'], 'ended', 'ended') },
  'lockming-orders': { usage: 'lockming-orders <email|uid>', summary: "a user's lock mining orders (in progress first), latest 100", run: orders },
};
