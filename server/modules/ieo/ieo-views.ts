import type { IeoPrice, IeoProject, IeoSubscription } from '../../../contract/api/ieo.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import type { IeoDb, ProjectRow, SubscriptionRow } from './ieo-db.ts';
import { phaseOf } from './rules.ts';

interface CurrencyInfo {
  id: number;
  symbol: string;
  decimals: number;
}

/** A project's pay currencies and prices, per project id. */
export async function pricesOf(db: IeoDb, projectIds: readonly number[]): Promise<Map<number, (IeoPrice & { priceMinor: bigint })[]>> {
  const out = new Map<number, (IeoPrice & { priceMinor: bigint })[]>();
  if (projectIds.length === 0) return out;
  const rows = await db.selectFrom('ieo_prices as p').innerJoin('currencies as c', 'c.id', 'p.currency_id')
    .select(['p.project_id', 'p.currency_id', 'p.price_minor', 'c.symbol', 'c.decimals'])
    .where('p.project_id', 'in', [...projectIds]).orderBy('p.id').execute();
  for (const r of rows) {
    const list = out.get(r.project_id) ?? [];
    list.push({ currency_id: r.currency_id, currency: r.symbol, decimals: r.decimals, price: minorToDecimal(BigInt(r.price_minor), r.decimals), priceMinor: BigInt(r.price_minor) });
    out.set(r.project_id, list);
  }
  return out;
}

export function projectView(row: ProjectRow, prices: readonly IeoPrice[], now: Date): IeoProject {
  const token = (minor: string) => minorToDecimal(BigInt(minor), row.decimals);
  return {
    id: row.id,
    currency_id: row.currency_id,
    symbol: row.symbol,
    name: row.name,
    decimals: row.decimals,
    supply: token(row.supply_minor),
    min_amount: token(row.min_minor),
    max_amount: token(row.max_minor),
    max_allocation: token(row.cap_minor),
    prices: prices.map(({ currency_id, currency, decimals, price }) => ({ currency_id, currency, decimals, price })),
    start_at: row.start_at,
    end_at: row.end_at,
    start_at_ms: Date.parse(row.start_at),
    end_at_ms: Date.parse(row.end_at),
    phase: phaseOf({ state: row.state, startAt: row.start_at, endAt: row.end_at }, now),
    paused: row.paused === 1,
    subscribed: token(row.subscribed_minor),
    subscribers: row.subscribers,
    sold: row.sold_minor === null ? null : token(row.sold_minor),
    server_time_ms: now.getTime(),
  };
}

export async function projectViews(db: IeoDb, rows: readonly ProjectRow[], now: Date): Promise<IeoProject[]> {
  const prices = await pricesOf(db, rows.map((r) => r.id));
  return rows.map((r) => projectView(r, prices.get(r.id) ?? [], now));
}

export function subscriptionView(row: SubscriptionRow, project: ProjectRow, pay: CurrencyInfo, now: Date): IeoSubscription {
  const token = (minor: string | null) => (minor === null ? null : minorToDecimal(BigInt(minor), project.decimals));
  const money = (minor: string | null) => (minor === null ? null : minorToDecimal(BigInt(minor), pay.decimals));
  const settled = row.state === 'settled';
  return {
    id: row.id,
    project_id: project.id,
    symbol: project.symbol,
    name: project.name,
    phase: phaseOf({ state: project.state, startAt: project.start_at, endAt: project.end_at }, now),
    pay_currency: pay.symbol,
    price: minorToDecimal(BigInt(row.price_minor), pay.decimals),
    amount: token(row.requested_minor) ?? '0',
    committed: money(row.committed_minor) ?? '0',
    orders: row.orders,
    state: row.state,
    allocated: settled ? token(row.alloc_minor) : null,
    paid: settled ? money(row.paid_minor) : null,
    refunded: settled ? money(row.refund_minor) : null,
    tokens: settled ? token(row.alloc_minor) : null,
    created_at: row.first_at,
    settled_at: row.settled_at,
  };
}

/** Views of subscriptions with their projects and pay currencies read in two statements. */
export async function subscriptionViews(db: IeoDb, rows: readonly SubscriptionRow[], now: Date): Promise<IeoSubscription[]> {
  if (rows.length === 0) return [];
  const projects = await db.selectFrom('ieo_projects').selectAll().where('id', 'in', [...new Set(rows.map((r) => r.project_id))]).execute();
  const currencies = await db.selectFrom('currencies').select(['id', 'symbol', 'decimals']).where('id', 'in', [...new Set(rows.map((r) => r.pay_currency_id))]).execute();
  return rows.flatMap((r) => {
    const project = projects.find((p) => p.id === r.project_id);
    const pay = currencies.find((c) => c.id === r.pay_currency_id);
    return project && pay ? [subscriptionView(r, project, pay, now)] : [];
  });
}
