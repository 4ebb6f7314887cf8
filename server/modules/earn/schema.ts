import type { Generated } from 'kysely';

/**
 * The earn module's tables (migrations.ts), reached through `db.withTables<EarnTables>()`. Amounts
 * are minor units as digit text, except the quotas a conditional write subtracts from (integers);
 * prices are ticks of 10^-8 as digit text; rates ppm; times ISO-8601 UTC text.
 */
export type InvestProductsTable = {
  id: Generated<number>;
  name: string;
  coin_id: number;
  quote_id: number;
  symbol: string;
  share_price_minor: string;
  linked_price_ticks: string;
  rate_ppm: number;
  days: number;
  total_shares: number;
  remaining_shares: number;
  min_shares: number;
  state: string;
  sort: number;
  created_at: string;
  updated_at: string;
};

export type DualProductsTable = {
  id: Generated<number>;
  coin_id: number;
  quote_id: number;
  symbol: string;
  direction: string;
  target_ticks: string;
  rate_ppm: number;
  days: number;
  min_minor: string;
  /** In the deposit currency's minor units; an integer column, so a purchase subtracts with a conditional write. */
  remaining_minor: number | string;
  total_minor: string;
  state: string;
  sort: number;
  created_at: string;
  updated_at: string;
};

/** Both products' orders: one settlement, one holds source, one "my positions". */
export type EarnOrdersTable = {
  id: Generated<number>;
  user_id: number;
  product: string;
  product_id: number;
  direction: string;
  coin_id: number;
  quote_id: number;
  symbol: string;
  shares: number | null;
  principal_currency_id: number;
  principal_minor: string;
  strike_ticks: string;
  rate_ppm: number;
  days: number;
  state: string;
  created_at: string;
  fixing_at: string;
  settle_price_ticks: string | null;
  payout_currency_id: number | null;
  payout_minor: string | null;
  interest_minor: string | null;
  settled_at: string | null;
  last_error: string | null;
};

/** One settlement price per pair and fixing time, shared by every order fixing then. */
export type EarnFixingsTable = {
  symbol: string;
  fixing_at: string;
  price_ticks: string;
  minutes: number;
  created_at: string;
};

export type EarnTables = {
  invest_products: InvestProductsTable;
  dual_products: DualProductsTable;
  earn_orders: EarnOrdersTable;
  earn_fixings: EarnFixingsTable;
};
