import type { Selectable } from 'kysely';
import type { LockCategory, LockOrder, LockProduct, LockProductStatus } from '../../../contract/api/lockming.ts';
import { ppmToText } from '../../domain/futures-prices.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { dailyDividendMinor, daysDue, dividendAtMs, minuteToTime, purchasable, type LockTerms } from './rules.ts';
import type { LockOrdersTable, LockProductsTable } from './schema.ts';

export type ProductRow = Selectable<LockProductsTable>;
export type OrderRow = Selectable<LockOrdersTable>;
export interface CoinOf {
  symbol: string;
  decimals: number;
}

export const termsOf = (row: OrderRow): LockTerms => ({
  principalMinor: BigInt(row.principal_minor),
  dailyYieldPpm: row.daily_yield_ppm,
  lockDays: row.lock_days,
  dividendMinute: row.dividend_minute,
  penaltyRatePpm: row.penalty_rate_ppm,
  lockedAtMs: Date.parse(row.created_at),
});

export function productView(row: ProductRow, coin: CoinOf, availableMinor: bigint | null, nowMs: number): LockProduct {
  const amount = (minor: string) => minorToDecimal(BigInt(minor), coin.decimals);
  return {
    id: row.id,
    category: row.category as LockCategory,
    currency_id: row.currency_id,
    currency: coin.symbol,
    decimals: coin.decimals,
    min_amount: amount(row.min_amount_minor),
    max_amount: row.max_amount_minor === null ? null : amount(row.max_amount_minor),
    daily_yield: ppmToText(row.daily_yield_ppm),
    lock_days: row.lock_days,
    dividend_time: minuteToTime(row.dividend_minute),
    penalty_rate: ppmToText(row.penalty_rate_ppm),
    expiry: row.expiry_date,
    status: row.status as LockProductStatus,
    purchasable: purchasable({ status: row.status, expiryDate: row.expiry_date }, nowMs),
    available: availableMinor === null ? null : minorToDecimal(availableMinor, coin.decimals),
  };
}

const isoAt = (ms: number) => new Date(ms).toISOString();

export function orderView(row: OrderRow, coin: CoinOf, nowMs: number): LockOrder {
  const terms = termsOf(row);
  const amount = (minor: bigint) => minorToDecimal(minor, coin.decimals);
  const locked = row.state === 'locked';
  // While locked: the dividend times still ahead; each is paid by the due work once its time comes.
  const due = daysDue(terms, nowMs);
  return {
    id: row.id,
    config_id: row.product_id,
    category: row.category as LockCategory,
    currency_id: row.currency_id,
    currency: coin.symbol,
    amount: amount(terms.principalMinor),
    daily_yield: ppmToText(row.daily_yield_ppm),
    lock_days: row.lock_days,
    dividend_time: minuteToTime(row.dividend_minute),
    penalty_rate: ppmToText(row.penalty_rate_ppm),
    daily_dividend: amount(dailyDividendMinor(terms.principalMinor, terms.dailyYieldPpm)),
    state: row.state as LockOrder['state'],
    status: locked ? 'in_progress' : 'redeemed',
    days_paid: row.days_paid,
    dividends: amount(BigInt(row.dividends_minor)),
    remaining_days: locked ? row.lock_days - due : 0,
    created_at: row.created_at,
    first_dividend_at: isoAt(dividendAtMs(terms, 1)),
    next_dividend_at: locked && due < row.lock_days ? isoAt(dividendAtMs(terms, due + 1)) : null,
    matures_at: row.matures_at,
    ended_at: row.ended_at,
    penalty: row.penalty_minor === null ? null : amount(BigInt(row.penalty_minor)),
    returned: row.returned_minor === null ? null : amount(BigInt(row.returned_minor)),
  };
}
