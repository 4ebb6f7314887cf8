import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { decimalToMinor } from '../../domain/minor-units.ts';
import type { DueWork } from '../../services/due-work/due-work.ts';
import { iso, type ServiceContext } from '../../services/service-context.ts';
import { writeTransaction, type Tx } from '../../services/write-transaction.ts';
import { ALLOCATE_KIND, allocateDue } from './allocation-due.ts';
import { ieoDb, type ProjectRow } from './ieo-db.ts';
import { phaseOf } from './rules.ts';

/** An operator's answer: done, or why not in plain words (the ops CLI prints it). */
export type Done<T> = { ok: true; value: T } | { ok: false; reason: string };
const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

export interface ProjectInput {
  symbol: string;
  name: string;
  decimals: number;
  /** Token amounts as decimal text. */
  supply: string;
  min: string;
  max: string;
  /** The per-user allocation cap; the maximum when left out. */
  cap?: string;
  /** Pay currencies by symbol with the price of one whole token. */
  prices: readonly { currency: string; price: string }[];
  startAt: Date;
  endAt: Date;
}

export type ProjectChanges = Partial<Omit<ProjectInput, 'symbol' | 'decimals'>>;

const SYMBOL = /^[A-Z][A-Z0-9]{1,9}$/;

interface Figures {
  supply: bigint;
  min: bigint;
  max: bigint;
  cap: bigint;
}

function figures(decimals: number, input: { supply: string; min: string; max: string; cap?: string | undefined }): Done<Figures> {
  const parse = (text: string, what: string): Done<bigint> => {
    const minor = decimalToMinor(text, decimals);
    return minor === null || minor <= 0n ? refuse(`${what} "${text}" is not a positive amount with at most ${decimals} decimals`) : { ok: true, value: minor };
  };
  const supply = parse(input.supply, 'supply');
  if (!supply.ok) return supply;
  const min = parse(input.min, 'minimum');
  if (!min.ok) return min;
  const max = parse(input.max, 'maximum');
  if (!max.ok) return max;
  const cap = input.cap === undefined ? max : parse(input.cap, 'allocation cap');
  if (!cap.ok) return cap;
  if (max.value < min.value) return refuse('the maximum is below the minimum');
  if (cap.value > max.value) return refuse('the allocation cap is above the maximum a user may subscribe');
  return { ok: true, value: { supply: supply.value, min: min.value, max: max.value, cap: cap.value } };
}

async function priceRows(db: Tx, tokenSymbol: string, prices: ProjectInput['prices']): Promise<Done<{ currencyId: number; priceMinor: bigint }[]>> {
  if (prices.length === 0) return refuse('give at least one pay currency with its price (USDT:0.05)');
  const out: { currencyId: number; priceMinor: bigint }[] = [];
  for (const p of prices) {
    const symbol = p.currency.trim().toUpperCase();
    if (symbol === tokenSymbol) return refuse('a token cannot be paid for with itself');
    const currency = await db.selectFrom('currencies').select(['id', 'decimals', 'status']).where('symbol', '=', symbol).executeTakeFirst();
    if (!currency || currency.status !== 1) return refuse(`no listed currency ${symbol}`);
    if (out.some((o) => o.currencyId === currency.id)) return refuse(`${symbol} is given twice`);
    const minor = decimalToMinor(p.price, currency.decimals);
    if (minor === null || minor <= 0n) return refuse(`the ${symbol} price "${p.price}" is not a positive amount with at most ${currency.decimals} decimals`);
    out.push({ currencyId: currency.id, priceMinor: minor });
  }
  return { ok: true, value: out };
}

/**
 * Creates the token (a listed currency, so balances and transfers know it), the project and its
 * prices; `state` is 'open' for a sale, 'distributed' only for the seed's finished example.
 */
export async function insertProject(trx: Kysely<Database>, input: ProjectInput, now: Date, state: 'open' | 'distributed' = 'open'): Promise<Done<ProjectRow>> {
  const symbol = input.symbol.trim().toUpperCase();
  if (!SYMBOL.test(symbol)) return refuse(`"${input.symbol}" is not a token symbol (2-10 capitals and digits, a letter first)`);
  const name = input.name.trim();
  if (name.length < 1 || name.length > 40) return refuse('the name takes 1 to 40 characters');
  if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 8) return refuse('decimals: a whole number from 0 to 8');
  if (!(input.startAt < input.endAt)) return refuse('the start must come before the end');
  const f = figures(input.decimals, input);
  if (!f.ok) return f;
  const db = ieoDb(trx);
  if (await db.selectFrom('currencies').select('id').where('symbol', '=', symbol).executeTakeFirst()) return refuse(`a currency ${symbol} exists already`);
  const prices = await priceRows(trx, symbol, input.prices);
  if (!prices.ok) return prices;
  const last = await db.selectFrom('currencies').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
  const currency = await db.insertInto('currencies').values({ symbol, name, type: 'token', decimals: input.decimals, image: '', status: 1, sort: Number(last?.sort ?? 0) + 1 })
    .returning('id').executeTakeFirstOrThrow();
  const at = iso(now);
  const row = await db.insertInto('ieo_projects').values({
    currency_id: currency.id, symbol, name, decimals: input.decimals,
    supply_minor: f.value.supply.toString(), min_minor: f.value.min.toString(), max_minor: f.value.max.toString(), cap_minor: f.value.cap.toString(),
    start_at: iso(input.startAt), end_at: iso(input.endAt), paused: 0, state, subscribed_minor: '0', subscribers: 0,
    rule: null, sold_minor: state === 'distributed' ? '0' : null, allocated_at: state === 'distributed' ? iso(input.endAt) : null,
    distributed_at: state === 'distributed' ? iso(input.endAt) : null, created_at: at, updated_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('ieo_prices').values(prices.value.map((p) => ({ project_id: row.id, currency_id: p.currencyId, price_minor: p.priceMinor.toString() }))).execute();
  return { ok: true, value: await db.selectFrom('ieo_projects').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow() };
}

/**
 * The operator's writes on projects (ops.ts): create, edit, pause and resume, end early. Each runs in
 * one write transaction with the change to the allocation's due item: a new end moves it.
 */
export class ProjectAdmin {
  constructor(private readonly ctx: ServiceContext, private readonly dueWork: DueWork) {}

  async create(input: ProjectInput): Promise<Done<ProjectRow>> {
    const now = this.ctx.clock.now();
    if (input.endAt <= now) return refuse('the end must be in the future');
    return this.write(async (trx) => {
      const made = await insertProject(trx, input, now);
      if (made.ok) await this.dueWork.schedule(trx, allocateDue(made.value.id, made.value.end_at));
      return made;
    });
  }

  /**
   * Name any time before the allocation; start only before the sale starts, end while it is open
   * (never into the past); supply, limits, cap and prices only during the warm-up, when nobody has
   * subscribed yet, so no subscription was made under other terms.
   */
  async edit(id: number, changes: ProjectChanges): Promise<Done<ProjectRow>> {
    return this.write(async (trx) => {
      const now = this.ctx.clock.now();
      const db = ieoDb(trx);
      const row = await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return refuse(`no project ${id}`);
      if (row.state !== 'open') return refuse(`project ${id} is ${row.state}: it can no longer change`);
      const phase = phaseOf({ state: row.state, startAt: row.start_at, endAt: row.end_at }, now);
      const terms = changes.supply !== undefined || changes.min !== undefined || changes.max !== undefined || changes.cap !== undefined || changes.prices !== undefined;
      if (terms && phase !== 'warmup') return refuse('supply, limits, cap and prices change only before the sale starts');
      if (changes.startAt && phase !== 'warmup') return refuse('the start changes only before the sale starts');
      if (changes.endAt && changes.endAt <= now) return refuse('the end must be in the future (ieo-end ends a sale now)');
      const startAt = changes.startAt ? iso(changes.startAt) : row.start_at;
      const endAt = changes.endAt ? iso(changes.endAt) : row.end_at;
      if (!(startAt < endAt)) return refuse('the start must come before the end');
      const name = changes.name?.trim() ?? row.name;
      if (name.length < 1 || name.length > 40) return refuse('the name takes 1 to 40 characters');
      const f = figures(row.decimals, {
        supply: changes.supply ?? minorText(row.supply_minor, row.decimals), min: changes.min ?? minorText(row.min_minor, row.decimals),
        max: changes.max ?? minorText(row.max_minor, row.decimals), cap: changes.cap ?? (changes.max !== undefined ? undefined : minorText(row.cap_minor, row.decimals)),
      });
      if (!f.ok) return f;
      if (changes.prices) {
        const prices = await priceRows(trx, row.symbol, changes.prices);
        if (!prices.ok) return prices;
        await db.deleteFrom('ieo_prices').where('project_id', '=', id).execute();
        await db.insertInto('ieo_prices').values(prices.value.map((p) => ({ project_id: id, currency_id: p.currencyId, price_minor: p.priceMinor.toString() }))).execute();
      }
      const updated = await db.updateTable('ieo_projects').set({
        name, start_at: startAt, end_at: endAt, supply_minor: f.value.supply.toString(), min_minor: f.value.min.toString(),
        max_minor: f.value.max.toString(), cap_minor: f.value.cap.toString(), updated_at: iso(now),
      }).where('id', '=', id).where('state', '=', 'open').where('updated_at', '=', row.updated_at).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return refuse(`project ${id} changed meanwhile; try again`);
      await this.moveAllocation(trx, id, endAt);
      return { ok: true, value: await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow() };
    });
  }

  /** Halts (or resumes) subscriptions; a paused sale's allocation waits until it resumes. */
  async setPaused(id: number, paused: boolean): Promise<Done<ProjectRow>> {
    return this.write(async (trx) => {
      const db = ieoDb(trx);
      const changed = await db.updateTable('ieo_projects').set({ paused: paused ? 1 : 0, updated_at: iso(this.ctx.clock.now()) })
        .where('id', '=', id).where('state', '=', 'open').where('paused', '=', paused ? 0 : 1).executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) {
        const row = await db.selectFrom('ieo_projects').select(['state', 'paused']).where('id', '=', id).executeTakeFirst();
        if (!row) return refuse(`no project ${id}`);
        return refuse(row.state !== 'open' ? `project ${id} is ${row.state}` : `project ${id} is ${paused ? 'paused' : 'running'} already`);
      }
      return { ok: true, value: await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow() };
    });
  }

  /** Ends a sale now (a warm-up one too, which then sells nothing); its allocation runs on the next pass. */
  async endNow(id: number): Promise<Done<ProjectRow>> {
    return this.write(async (trx) => {
      const db = ieoDb(trx);
      const now = iso(this.ctx.clock.now());
      const row = await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return refuse(`no project ${id}`);
      if (row.state !== 'open' || row.end_at <= now) return refuse(`project ${id} has ended already`);
      const changed = await db.updateTable('ieo_projects').set({ end_at: now, start_at: row.start_at < now ? row.start_at : now, updated_at: now })
        .where('id', '=', id).where('state', '=', 'open').where('end_at', '=', row.end_at).executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return refuse(`project ${id} changed meanwhile; try again`);
      await this.moveAllocation(trx, id, now);
      return { ok: true, value: await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow() };
    });
  }

  /**
   * The allocation item follows the end: moved when still pending (the schedule has no call for that,
   * and an item due late would leave an ended sale waiting), scheduled if it never was.
   */
  private async moveAllocation(trx: Tx, id: number, endAt: string): Promise<void> {
    const due = allocateDue(id, endAt);
    if (await this.dueWork.schedule(trx, due)) return;
    await trx.updateTable('due_work').set({ due_at: endAt }).where('kind', '=', ALLOCATE_KIND).where('item_key', '=', due.key).where('state', '=', 'pending').execute();
  }

  private async write<T>(work: (trx: Tx) => Promise<Done<T>>): Promise<Done<T>> {
    try {
      return await writeTransaction(this.ctx, async (trx) => {
        const done = await work(trx);
        if (!done.ok) throw new Refused(done.reason);
        return done;
      });
    } catch (error) {
      if (error instanceof Refused) return refuse(error.message);
      throw error;
    }
  }
}

class Refused extends Error {}

function minorText(minor: string, decimals: number): string {
  const digits = minor.padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
