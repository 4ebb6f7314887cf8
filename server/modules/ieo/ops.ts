import { minorToDecimal } from '../../domain/minor-units.ts';
import {
  describeUser, findUser, idArg, OpsError, table, UsageError, type CommandArgs, type OpsCommand, type OpsContext,
} from '../../src/ops/ops-context.ts';
import { ieoDb, type ProjectRow } from './ieo-db.ts';
import { ieoOf } from './ieo-services.ts';
import { pricesOf, subscriptionViews } from './ieo-views.ts';
import type { Done, ProjectChanges, ProjectInput } from './project-admin.ts';
import { phaseOf } from './rules.ts';

/** `--key=value` flags (the command line hands flags over as words). */
function options(args: CommandArgs): Map<string, string> {
  const out = new Map<string, string>();
  for (const flag of args.flags) {
    const match = /^--([a-z]+)=(.*)$/.exec(flag);
    if (!match) throw new UsageError(`"${flag}" is not --name=value`);
    out.set(match[1]!, match[2]!);
  }
  return out;
}

const RELATIVE = /^\+(\d{1,6})([smhd])$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** An ISO time, "now", or "+90m" / "+7d" from now (the command line's clock). */
function timeArg(text: string, what: string, now: Date): Date {
  if (text === 'now') return now;
  const relative = RELATIVE.exec(text);
  if (relative) return new Date(now.getTime() + Number(relative[1]) * UNIT_MS[relative[2] as keyof typeof UNIT_MS]);
  const ms = Date.parse(text);
  if (!/^\d{4}-\d\d-\d\dT/.test(text) || !Number.isFinite(ms)) throw new UsageError(`${what}: give an ISO time (2026-12-01T08:00:00Z), now, or +30m / +2h / +7d`);
  return new Date(ms);
}

/** "USDT:0.05,BTC:0.0000012" */
function pricesArg(text: string): ProjectInput['prices'] {
  return text.split(',').map((part) => {
    const [currency, price] = part.split(':');
    if (!currency || !price) throw new UsageError(`prices: "${part}" is not CURRENCY:price`);
    return { currency, price };
  });
}

function done<T>(result: Done<T>): T {
  if (!result.ok) throw new OpsError(result.reason);
  return result.value;
}

async function describe(ctx: OpsContext, rows: readonly ProjectRow[]): Promise<string> {
  const now = new Date();
  const prices = await pricesOf(ieoDb(ctx.db), rows.map((r) => r.id));
  const token = (minor: string | null, r: ProjectRow) => (minor === null ? '-' : minorToDecimal(BigInt(minor), r.decimals));
  return table([
    ['id', 'symbol', 'name', 'phase', 'paused', 'supply', 'min-max', 'cap', 'prices', 'subscribed', 'users', 'sold', 'start', 'end'],
    ...rows.map((r) => [
      r.id, r.symbol, r.name, phaseOf({ state: r.state, startAt: r.start_at, endAt: r.end_at }, now), r.paused ? 'yes' : 'no', token(r.supply_minor, r),
      `${token(r.min_minor, r)}-${token(r.max_minor, r)}`, token(r.cap_minor, r), (prices.get(r.id) ?? []).map((p) => `${p.price} ${p.currency}`).join(', '),
      token(r.subscribed_minor, r), r.subscribers, token(r.sold_minor, r), r.start_at, r.end_at,
    ]),
  ]);
}

async function projects(ctx: OpsContext): Promise<string> {
  const rows = await ieoDb(ctx.db).selectFrom('ieo_projects').selectAll().orderBy('id', 'desc').limit(200).execute();
  return rows.length === 0 ? 'no IEO projects' : describe(ctx, rows);
}

async function create(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const [symbol, ...name] = args.positional;
  const o = options(args);
  const need = (key: string) => {
    const value = o.get(key);
    if (value === undefined) throw new UsageError(`--${key}= is required`);
    return value;
  };
  if (!symbol || name.length === 0) throw new UsageError('give the token symbol and the project name');
  const now = new Date();
  const decimals = Number(need('decimals'));
  const made = done(await ieoOf(ctx.modules).admin.create({
    symbol, name: name.join(' '), decimals, supply: need('supply'), min: need('min'), max: need('max'), cap: o.get('cap'),
    prices: pricesArg(need('prices')), startAt: timeArg(o.get('start') ?? 'now', 'start', now), endAt: timeArg(need('end'), 'end', now),
  }));
  return `created project ${made.id}: token ${made.symbol} (currency ${made.currency_id}), allocation due at ${made.end_at}\n${await describe(ctx, [made])}`;
}

async function edit(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const id = idArg(args.positional[0], 'project');
  const o = options(args);
  const now = new Date();
  const changes: ProjectChanges = {};
  for (const [key, value] of o) {
    if (key === 'name') changes.name = value;
    else if (key === 'supply' || key === 'min' || key === 'max' || key === 'cap') changes[key] = value;
    else if (key === 'prices') changes.prices = pricesArg(value);
    else if (key === 'start') changes.startAt = timeArg(value, 'start', now);
    else if (key === 'end') changes.endAt = timeArg(value, 'end', now);
    else throw new UsageError(`unknown option --${key}`);
  }
  if (Object.keys(changes).length === 0) throw new UsageError('give at least one --name=, --start=, --end=, --supply=, --min=, --max=, --cap= or --prices=');
  const row = done(await ieoOf(ctx.modules).admin.edit(id, changes));
  return `project ${id} changed\n${await describe(ctx, [row])}`;
}

const pause = (paused: boolean) => async (ctx: OpsContext, args: CommandArgs): Promise<string> => {
  const id = idArg(args.positional[0], 'project');
  done(await ieoOf(ctx.modules).admin.setPaused(id, paused));
  return paused ? `project ${id} paused: no subscriptions, and no allocation until it resumes` : `project ${id} resumed`;
};

async function endNow(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const id = idArg(args.positional[0], 'project');
  const row = done(await ieoOf(ctx.modules).admin.endNow(id));
  return `project ${id} ended at ${row.end_at}; a running server allocates it within seconds`;
}

async function subscriptions(ctx: OpsContext, args: CommandArgs): Promise<string> {
  const user = await findUser(ctx, args.positional[0]);
  const db = ieoDb(ctx.db);
  const rows = await db.selectFrom('ieo_subscriptions').selectAll().where('user_id', '=', user.id).where('orders', '>', 0).orderBy('id', 'desc').limit(200).execute();
  if (rows.length === 0) return `user ${describeUser(user)}: no IEO subscriptions`;
  const views = await subscriptionViews(db, rows, new Date());
  return `user ${describeUser(user)}: IEO subscriptions, newest first\n` + table([
    ['id', 'project', 'phase', 'state', 'tokens', 'committed', 'orders', 'allocated', 'paid', 'refunded', 'first order'],
    ...views.map((s) => [s.id, `${s.project_id} ${s.symbol}`, s.phase, s.state, s.amount, `${s.committed} ${s.pay_currency}`, s.orders,
      s.allocated ?? '-', s.paid ?? '-', s.refunded ?? '-', s.created_at]),
  ]);
}

/** The module's operator commands (audited by the command line, like every command). */
export const IEO_OPS: Readonly<Record<string, OpsCommand>> = {
  'ieo-projects': { usage: 'ieo-projects', summary: 'IEO projects (newest 200) with phase, terms, prices, subscriptions and tokens sold', run: projects },
  'ieo-create': {
    usage: 'ieo-create <SYMBOL> <name> --decimals=<0-8> --supply=<tokens> --min=<tokens> --max=<tokens> [--cap=<tokens>] --prices=USDT:0.05[,BTC:0.0000012] [--start=<iso|now|+1h>] --end=<iso|+7d>',
    summary: 'create a token sale and its token (a listed currency); amounts in tokens, cap = most one user is allocated (default --max)',
    run: create,
  },
  'ieo-edit': {
    usage: 'ieo-edit <id> [--name=] [--start=] [--end=] [--supply=] [--min=] [--max=] [--cap=] [--prices=]',
    summary: 'change a sale: terms and start only before it starts, the end while it is open',
    run: edit,
  },
  'ieo-pause': { usage: 'ieo-pause <id>', summary: 'halt subscriptions to a sale (its allocation waits too)', run: pause(true) },
  'ieo-resume': { usage: 'ieo-resume <id>', summary: 'let a paused sale take subscriptions again', run: pause(false) },
  'ieo-end': { usage: 'ieo-end <id>', summary: 'end a sale now; the running server allocates it on its next pass', run: endNow },
  'ieo-subscriptions': { usage: 'ieo-subscriptions <email|uid>', summary: "a user's IEO subscriptions with what was allocated, paid and refunded", run: subscriptions },
};
