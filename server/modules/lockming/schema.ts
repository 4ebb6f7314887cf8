import type { Generated } from 'kysely';

/**
 * Lock mining's tables (migration 0011), reached through `db.withTables<LockTables>()`. Same
 * conventions as server/db/schema.ts: amounts are minor units of the product's coin as digit text
 * (`*_minor`), rates parts per million (`*_ppm`), times ISO-8601 UTC text.
 */
export type LockTables = {
  lockming_products: LockProductsTable;
  lockming_orders: LockOrdersTable;
};

export type LockProductsTable = {
  id: Generated<number>;
  /** 'lock' | 'defi' | 'cloud': the home menu's entry that lists it. */
  category: string;
  currency_id: number;
  min_amount_minor: string;
  /** null: no maximum. */
  max_amount_minor: string | null;
  daily_yield_ppm: number;
  lock_days: number;
  /** Minutes after 00:00 UTC at which each day's dividend is paid. */
  dividend_minute: number;
  /** Per remaining day of an early redemption. */
  penalty_rate_ppm: number;
  /** The last day (UTC, yyyy-mm-dd) it can be bought. */
  expiry_date: string;
  /** 'active' | 'paused' | 'ended'. */
  status: string;
  sort: number;
  created_at: string;
  updated_at: string;
};

/**
 * One lock. The product's terms are copied in, so an operator's later edit changes new locks only.
 * `days_paid` and `dividends_minor` move together, one dividend at a time, only from days_paid - 1.
 */
export type LockOrdersTable = {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  category: string;
  currency_id: number;
  principal_minor: string;
  daily_yield_ppm: number;
  lock_days: number;
  dividend_minute: number;
  penalty_rate_ppm: number;
  /** 'locked' | 'matured' | 'redeemed'. */
  state: string;
  days_paid: number;
  dividends_minor: string;
  penalty_minor: string | null;
  returned_minor: string | null;
  created_at: string;
  matures_at: string;
  /** The maturity's time, or the early redemption's. */
  ended_at: string | null;
};
