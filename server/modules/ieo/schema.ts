import type { Generated } from 'kysely';

/** The IEO module's tables; its services reach them through `db.withTables<IeoTables>()`. */
export type IeoTables = {
  ieo_projects: IeoProjectsTable;
  ieo_prices: IeoPricesTable;
  ieo_subscriptions: IeoSubscriptionsTable;
  ieo_orders: IeoOrdersTable;
};

/**
 * A token sale. The phase before the allocation comes from the time (start_at, end_at); `state`
 * records what the allocation has done: open -> calculating (the rule is fixed, batches pay out) ->
 * distributed. Token amounts are minor units of the token (`decimals` places) as digit text.
 */
export type IeoProjectsTable = {
  id: Generated<number>;
  /** The token's row in `currencies`, created with the project. */
  currency_id: number;
  symbol: string;
  name: string;
  decimals: number;
  supply_minor: string;
  /** Per user, counting all their orders on the project. */
  min_minor: string;
  max_minor: string;
  /** The most one user can be allocated (Binance Launchpad's per-user cap), at most max_minor. */
  cap_minor: string;
  start_at: string;
  end_at: string;
  /** 1 while an operator has halted subscriptions; the allocation waits too. */
  paused: number;
  state: 'open' | 'calculating' | 'distributed';
  /** Running sums of the subscriptions, written with each order (conditional on the value read). */
  subscribed_minor: string;
  subscribers: number;
  /** The allocation rule (allocation.ts, as JSON with bigint as text) once fixed, else null. */
  rule: string | null;
  sold_minor: string | null;
  allocated_at: string | null;
  distributed_at: string | null;
  created_at: string;
  updated_at: string;
};

/** A project's price per whole token in one pay currency, in that currency's minor units. */
export type IeoPricesTable = {
  id: Generated<number>;
  project_id: number;
  currency_id: number;
  price_minor: string;
};

/**
 * One user's subscription to one project: every order they placed on it together, in one pay
 * currency. `committed_minor` is what is frozen in their financial account until the allocation
 * settles it: pending -> settled (paid to the house, the rest refunded, tokens credited).
 */
export type IeoSubscriptionsTable = {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  pay_currency_id: number;
  price_minor: string;
  requested_minor: string;
  committed_minor: string;
  orders: number;
  state: 'pending' | 'settled';
  alloc_minor: string | null;
  paid_minor: string | null;
  refund_minor: string | null;
  first_at: string;
  last_at: string;
  settled_at: string | null;
};

/** One subscribe action (its own freeze journal and idempotency key). */
export type IeoOrdersTable = {
  id: Generated<number>;
  subscription_id: number;
  project_id: number;
  user_id: number;
  amount_minor: string;
  cost_minor: string;
  created_at: string;
};
