/**
 * IEO token sales on the wire (section 3 "IEO order", section 7 /project*, /user/project/order).
 * Amounts are decimal strings, times ISO-8601 UTC text (with epoch ms beside them for countdowns).
 *
 * Units, one rule throughout: a subscription's `amount` is a number of TOKENS (the project's token,
 * its decimals). Its cost in the pay currency is amount x price, rounded up to the pay currency's
 * minor unit, and that is what is frozen in the financial account. The per-user minimum and maximum
 * and the allocation cap are token amounts too, so one sale can take several pay currencies and
 * still share its supply fairly (weights in tokens, whatever each user paid with).
 *
 * Allocation at the end (Binance Launchpad's rule): each user's demand is min(tokens subscribed,
 * max_allocation). If the demands fit the supply, everyone gets their demand. Otherwise the sale is
 * oversubscribed and the supply is shared pro rata to the tokens subscribed; a user whose share would
 * pass their demand gets the demand and the excess is shared among the others until nobody passes
 * it; shares are whole token minor units that sum to the supply (floor, then the leftover units by
 * largest remainder; ties: earliest subscription, then lowest user id). Each user pays allocation x
 * price rounded up (never more than was frozen) and the rest is refunded.
 */

/**
 * warmup: before the start; in_progress: subscriptions open; ended: the sale is over, allocation not
 * run yet; calculating: allocation computed, being paid out in batches; distributed: done.
 */
export const IEO_PHASES = ['warmup', 'in_progress', 'ended', 'calculating', 'distributed'] as const;
export type IeoPhase = (typeof IEO_PHASES)[number];

/** The list's filter: ended covers ended, calculating and distributed. */
export const IEO_PHASE_FILTERS = ['warmup', 'in_progress', 'ended'] as const;
export type IeoPhaseFilter = (typeof IEO_PHASE_FILTERS)[number];

/** One pay currency of a project and its price per whole token. */
export interface IeoPrice {
  currency_id: number;
  currency: string;
  /** Places of the pay currency (the cost's precision). */
  decimals: number;
  /** Price of one whole token in this currency ("0.05"). */
  price: string;
}

export interface IeoProject {
  id: number;
  /** The token's currency (a coin in /currency/list once the project exists). */
  currency_id: number;
  symbol: string;
  name: string;
  decimals: number;
  /** Tokens for sale. */
  supply: string;
  /** Per user, in tokens, counting all their subscriptions to the project. */
  min_amount: string;
  max_amount: string;
  /** The most tokens one user can be allocated (at most max_amount). */
  max_allocation: string;
  prices: IeoPrice[];
  start_at: string;
  end_at: string;
  start_at_ms: number;
  end_at_ms: number;
  phase: IeoPhase;
  /** An operator has halted subscriptions (and the allocation waits while paused). */
  paused: boolean;
  /** Tokens subscribed so far by everyone. */
  subscribed: string;
  subscribers: number;
  /** Tokens allocated (after the allocation), else null. */
  sold: string | null;
  /** The server's clock when it answered: countdowns run from it, not the device's clock. */
  server_time_ms: number;
}

/** A pay currency's available balance in the user's financial account. */
export interface IeoBalance {
  currency_id: number;
  currency: string;
  available: string;
}

/** /project/detail: the project, and for a signed-in user their subscription and balances. */
export interface IeoProjectDetail extends IeoProject {
  mine: IeoSubscription | null;
  /** Available in the financial account per pay currency; empty when signed out. */
  balances: IeoBalance[];
}

/** pending: waiting for the allocation; settled: paid, refunded and credited. */
export type IeoSubscriptionState = 'pending' | 'settled';

/** A user's subscription to one project (all their orders on it together). */
export interface IeoSubscription {
  id: number;
  project_id: number;
  symbol: string;
  name: string;
  phase: IeoPhase;
  pay_currency: string;
  price: string;
  /** Tokens subscribed. */
  amount: string;
  /** Frozen in the pay currency. */
  committed: string;
  orders: number;
  state: IeoSubscriptionState;
  /** Tokens allocated, paid, refunded and tokens credited: null until settled. */
  allocated: string | null;
  paid: string | null;
  refunded: string | null;
  tokens: string | null;
  created_at: string;
  settled_at: string | null;
}

/** What POST /project/order answers: the order and the subscription it joined. */
export interface IeoOrderResult {
  order_id: number;
  /** Tokens of this order and what it froze. */
  amount: string;
  cost: string;
  subscription: IeoSubscription;
}

/** One case of the preview: tokens allocated, what they cost, what comes back. */
export interface IeoCase {
  tokens: string;
  pay: string;
  refund: string;
}

/**
 * The preview for `amount` more tokens: what it freezes, and the allocation of everything the user
 * would then have subscribed (earlier subscriptions included) in two cases computed by the same code
 * as the allocation itself: best, the full demand (no more than max_allocation); if_ended_now, the
 * pro-rata share at the total subscribed now plus this amount (others subscribing later can only
 * lower it).
 */
export interface IeoPreview {
  project_id: number;
  pay_currency: string;
  amount: string;
  cost: string;
  /** The user's tokens subscribed after this one. */
  total_amount: string;
  /** Frozen in all, after this one. */
  total_committed: string;
  /** Everyone's tokens subscribed after this one. */
  subscribed_after: string;
  best: IeoCase;
  if_ended_now: IeoCase;
}
