import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { decimalToMinor } from '../../domain/minor-units.ts';
import { createProduct } from './product-admin.ts';
import { DAY_MS } from './rules.ts';
import type { LockTables } from './schema.ts';

/** The first products, so the screens are alive: each category, USDT and BTC; rates in ppm (3000 = 0.3 %). */
const FIRST_PRODUCTS = [
  { category: 'lock', coin: 'USDT', min: '100', max: '50000', dailyYieldPpm: 3000, lockDays: 5, time: 0, penaltyRatePpm: 4000 },
  { category: 'lock', coin: 'BTC', min: '0.001', max: '1', dailyYieldPpm: 2000, lockDays: 10, time: 0, penaltyRatePpm: 4000 },
  { category: 'defi', coin: 'USDT', min: '50', max: '20000', dailyYieldPpm: 4000, lockDays: 7, time: 8 * 60, penaltyRatePpm: 5000 },
  { category: 'cloud', coin: 'USDT', min: '200', max: null, dailyYieldPpm: 10_000, lockDays: 30, time: 0, penaltyRatePpm: 5000 },
] as const;

/** Seeds the first products into an empty table only: after that, operators own the list (ops.ts). */
export async function seedLockProducts(trx: Kysely<Database>, now: Date): Promise<void> {
  if (await trx.withTables<LockTables>().selectFrom('lockming_products').select('id').limit(1).executeTakeFirst()) return;
  const coins = await trx.selectFrom('currencies').select(['id', 'symbol', 'decimals']).where('symbol', 'in', ['USDT', 'BTC']).execute();
  const expiryDate = new Date(now.getTime() + 365 * DAY_MS).toISOString().slice(0, 10);
  let sort = 0;
  for (const p of FIRST_PRODUCTS) {
    const coin = coins.find((c) => c.symbol === p.coin);
    if (!coin) continue;
    sort += 1;
    await createProduct(trx, {
      category: p.category, currencyId: coin.id, minMinor: decimalToMinor(p.min, coin.decimals) ?? 1n, maxMinor: p.max === null ? null : decimalToMinor(p.max, coin.decimals),
      dailyYieldPpm: p.dailyYieldPpm, lockDays: p.lockDays, dividendMinute: p.time, penaltyRatePpm: p.penaltyRatePpm, expiryDate, sort,
    }, now.toISOString());
  }
}
