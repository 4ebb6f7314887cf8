import type { Kysely } from 'kysely';
import { LOCK_CATEGORIES } from '../../../contract/api/lockming.ts';
import type { Database } from '../../db/schema.ts';
import type { LockTables } from './schema.ts';

/**
 * Writing products: the operator's commands (ops.ts) and the seed. A product's terms are copied
 * into each order when it is locked, so an edit or a status change here never touches an order in
 * progress. Problems are plain English for the operator.
 */

export interface ProductDraft {
  category: string;
  currencyId: number;
  minMinor: bigint;
  maxMinor: bigint | null;
  dailyYieldPpm: number;
  lockDays: number;
  dividendMinute: number;
  penaltyRatePpm: number;
  expiryDate: string;
  sort: number;
}

/** At most 10 % a day: a typo of a decimal place must not become a payout. */
const MAX_DAILY_YIELD_PPM = 100_000;
const MAX_LOCK_DAYS = 3650;

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00.000Z`).toISOString().slice(0, 10) === text;

export function draftProblem(d: ProductDraft): string | null {
  if (!(LOCK_CATEGORIES as readonly string[]).includes(d.category)) return `category must be one of ${LOCK_CATEGORIES.join(', ')}`;
  if (d.minMinor <= 0n) return 'the minimum amount must be above 0';
  if (d.maxMinor !== null && d.maxMinor < d.minMinor) return 'the maximum amount must not be below the minimum';
  if (!Number.isInteger(d.dailyYieldPpm) || d.dailyYieldPpm <= 0 || d.dailyYieldPpm > MAX_DAILY_YIELD_PPM) return 'the daily yield must be above 0 % and at most 10 %';
  if (!Number.isInteger(d.lockDays) || d.lockDays < 1 || d.lockDays > MAX_LOCK_DAYS) return `lock days must be a whole number from 1 to ${MAX_LOCK_DAYS}`;
  if (!Number.isInteger(d.dividendMinute) || d.dividendMinute < 0 || d.dividendMinute > 1439) return 'the dividend time must be HH:MM (UTC)';
  if (!Number.isInteger(d.penaltyRatePpm) || d.penaltyRatePpm < 0 || d.penaltyRatePpm > 1_000_000) return 'the penalty rate must be from 0 % to 100 %';
  if (!isDate(d.expiryDate)) return 'the expiry must be a date, yyyy-mm-dd';
  return null;
}

const tables = (db: Kysely<Database>) => db.withTables<LockTables>();

export async function createProduct(db: Kysely<Database>, d: ProductDraft, nowIso: string): Promise<number> {
  const row = await tables(db).insertInto('lockming_products').values({
    category: d.category, currency_id: d.currencyId, min_amount_minor: d.minMinor.toString(), max_amount_minor: d.maxMinor === null ? null : d.maxMinor.toString(),
    daily_yield_ppm: d.dailyYieldPpm, lock_days: d.lockDays, dividend_minute: d.dividendMinute, penalty_rate_ppm: d.penaltyRatePpm,
    expiry_date: d.expiryDate, status: 'active', sort: d.sort, created_at: nowIso, updated_at: nowIso,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function draftOf(db: Kysely<Database>, id: number): Promise<ProductDraft | null> {
  const p = await tables(db).selectFrom('lockming_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) return null;
  return {
    category: p.category, currencyId: p.currency_id, minMinor: BigInt(p.min_amount_minor), maxMinor: p.max_amount_minor === null ? null : BigInt(p.max_amount_minor),
    dailyYieldPpm: p.daily_yield_ppm, lockDays: p.lock_days, dividendMinute: p.dividend_minute, penaltyRatePpm: p.penalty_rate_ppm, expiryDate: p.expiry_date, sort: p.sort,
  };
}

export async function updateProduct(db: Kysely<Database>, id: number, d: ProductDraft, nowIso: string): Promise<void> {
  await tables(db).updateTable('lockming_products').set({
    category: d.category, min_amount_minor: d.minMinor.toString(), max_amount_minor: d.maxMinor === null ? null : d.maxMinor.toString(),
    daily_yield_ppm: d.dailyYieldPpm, lock_days: d.lockDays, dividend_minute: d.dividendMinute, penalty_rate_ppm: d.penaltyRatePpm,
    expiry_date: d.expiryDate, sort: d.sort, updated_at: nowIso,
  }).where('id', '=', id).execute();
}

/** Moves a product from one of `from` to `to`; false when it is in none of them (ended is final). */
export async function moveStatus(db: Kysely<Database>, id: number, from: readonly string[], to: string, nowIso: string): Promise<boolean> {
  const result = await tables(db).updateTable('lockming_products').set({ status: to, updated_at: nowIso }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return (result.numUpdatedRows ?? 0n) === 1n;
}
