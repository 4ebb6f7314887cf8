import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { priceTextToTicks } from '../../domain/futures-prices.ts';
import { decimalToMinor } from '../../domain/minor-units.ts';
import { earnDb } from './earn-products.ts';
import { parseRatePpm } from './rules.ts';
import { minorSql } from './minor-sql.ts';

/** A few products so the finance tab is alive at first start (linked prices near the reference prices). */
const INVEST = [
  { name: 'BTC linked 7 days', coin: 'BTC', price: '0.001', linked: '62000', rate: '12%', days: 7, shares: 10_000, min: 1 },
  { name: 'BTC linked 30 days', coin: 'BTC', price: '0.001', linked: '66000', rate: '18%', days: 30, shares: 5_000, min: 5 },
  { name: 'ETH linked 14 days', coin: 'ETH', price: '0.01', linked: '3200', rate: '15%', days: 14, shares: 10_000, min: 1 },
] as const;

const DUAL = [
  { coin: 'BTC', type: 'sell_high', target: '63000', rate: '36.5%', days: 3, min: '0.001', quota: '10' },
  { coin: 'BTC', type: 'buy_low', target: '57000', rate: '40%', days: 3, min: '10', quota: '500000' },
  { coin: 'ETH', type: 'sell_high', target: '3150', rate: '25%', days: 7, min: '0.01', quota: '200' },
  { coin: 'ETH', type: 'buy_low', target: '2850', rate: '30%', days: 7, min: '10', quota: '300000' },
] as const;

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`earn seed: bad ${what}`);
  return value;
}

/** Inserts the products only into empty tables: run again (or after an operator's edits) it changes nothing. */
export async function seedEarn(trx: Kysely<Database>, now: Date): Promise<void> {
  const db = earnDb(trx);
  const at = now.toISOString();
  const coins = new Map((await trx.selectFrom('currencies').select(['id', 'symbol', 'decimals']).execute()).map((c) => [c.symbol, c]));
  const usdt = need(coins.get('USDT'), 'USDT');
  const anyInvest = await db.selectFrom('invest_products').select('id').limit(1).executeTakeFirst();
  if (!anyInvest) {
    for (const [sort, p] of INVEST.entries()) {
      const coin = need(coins.get(p.coin), p.coin);
      await db.insertInto('invest_products').values({
        name: p.name, coin_id: coin.id, quote_id: usdt.id, symbol: `${p.coin}/USDT`, share_price_minor: need(decimalToMinor(p.price, coin.decimals), 'price').toString(),
        linked_price_ticks: need(priceTextToTicks(p.linked), 'linked').toString(), rate_ppm: need(parseRatePpm(p.rate), 'rate'), days: p.days,
        total_shares: p.shares, remaining_shares: p.shares, min_shares: p.min, state: 'open', sort, created_at: at, updated_at: at,
      }).execute();
    }
  }
  const anyDual = await db.selectFrom('dual_products').select('id').limit(1).executeTakeFirst();
  if (!anyDual) {
    for (const [sort, p] of DUAL.entries()) {
      const coin = need(coins.get(p.coin), p.coin);
      const deposit = p.type === 'sell_high' ? coin : usdt;
      const quota = need(decimalToMinor(p.quota, deposit.decimals), 'quota');
      await db.insertInto('dual_products').values({
        coin_id: coin.id, quote_id: usdt.id, symbol: `${p.coin}/USDT`, direction: p.type, target_ticks: need(priceTextToTicks(p.target), 'target').toString(),
        rate_ppm: need(parseRatePpm(p.rate), 'rate'), days: p.days, min_minor: need(decimalToMinor(p.min, deposit.decimals), 'min').toString(),
        remaining_minor: minorSql(quota), total_minor: quota.toString(), state: 'open', sort, created_at: at, updated_at: at,
      }).execute();
    }
  }
}
