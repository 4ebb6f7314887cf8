/**
 * Lock mining on the wire (section 3 "Lock mining", section 7 /lh/deposit/*, section 9's penalty).
 * Amounts and rates are decimal strings, never numbers; times are ISO-8601 UTC text.
 *
 * A product locks a coin of the user's `mining` fund account for `lock_days` days:
 *   daily dividend = amount x daily_yield, rounded down to the coin's minor unit, paid from the
 *                    day after locking, once a day at dividend_time (UTC), lock_days times;
 *   at maturity (the last dividend's time) the amount returns to the mining account by itself;
 *   early redemption: penalty = penalty_rate x remaining days x amount (rounded up, at most the
 *                    amount), the rest returns at once; dividends received are kept.
 * A remaining day is a dividend time still ahead.
 */

export const LOCK_CATEGORIES = ['lock', 'defi', 'cloud'] as const;
/** Which home-menu entry a product belongs to: lock mining, DeFi mining, cloud mining. */
export type LockCategory = (typeof LOCK_CATEGORIES)[number];

export type LockProductStatus = 'active' | 'paused' | 'ended';

export interface LockProduct {
  /** The spec's config_id. */
  id: number;
  category: LockCategory;
  currency_id: number;
  currency: string;
  /** The coin's decimal places: amounts have at most this many. */
  decimals: number;
  /** Minimum single amount. */
  min_amount: string;
  /** Maximum single amount; null when there is none. */
  max_amount: string | null;
  /** A fraction: "0.003" is 0.3 % a day. */
  daily_yield: string;
  lock_days: number;
  /** The time of day (UTC, "HH:MM") each daily dividend is paid. */
  dividend_time: string;
  /** A fraction per remaining day: "0.004" is 0.4 %. */
  penalty_rate: string;
  /** The last day (UTC, yyyy-mm-dd) the product can be bought. */
  expiry: string;
  status: LockProductStatus;
  /** Active and not past its expiry: it can be bought now. */
  purchasable: boolean;
  /** The caller's available balance of the coin in the mining account; null when not signed in. */
  available: string | null;
}

/** What a lock of `amount` would bring (GET /lh/deposit/preview), by the same rules as the lock itself. */
export interface LockPreview {
  config_id: number;
  currency: string;
  amount: string;
  daily_dividend: string;
  /** When the first dividend is paid (the day after locking, at the dividend time). */
  first_dividend_at: string;
  /** When the amount returns: the last dividend's time. */
  matures_at: string;
  total_dividends: string;
  /** amount + total_dividends. */
  total_at_maturity: string;
  available: string;
}

/** locked: in progress; matured: the amount returned at maturity; redeemed: returned early, less the penalty. */
export type LockOrderState = 'locked' | 'matured' | 'redeemed';
/** The spec's two lists: in progress, redeemed (matured or early). */
export const LOCK_ORDER_STATUSES = ['in_progress', 'redeemed'] as const;
export type LockOrderStatus = (typeof LOCK_ORDER_STATUSES)[number];

export interface LockOrder {
  id: number;
  config_id: number;
  category: LockCategory;
  currency_id: number;
  currency: string;
  amount: string;
  /** The product's terms when it was locked (an operator's later edit does not change them). */
  daily_yield: string;
  lock_days: number;
  dividend_time: string;
  penalty_rate: string;
  daily_dividend: string;
  state: LockOrderState;
  status: LockOrderStatus;
  /** Dividends paid so far, and their sum. */
  days_paid: number;
  dividends: string;
  /** Dividend times still ahead (0 once ended). */
  remaining_days: number;
  created_at: string;
  first_dividend_at: string;
  /** The next dividend's time; null once no more will be paid. */
  next_dividend_at: string | null;
  matures_at: string;
  /** When it matured or was redeemed. */
  ended_at: string | null;
  /** Early redemption only: what was kept, and what came back. */
  penalty: string | null;
  returned: string | null;
}

/** What an early redemption would do now (GET /lh/deposit/order/cancel/preview); the redemption computes it the same way. */
export interface RedeemPreview {
  id: number;
  currency: string;
  amount: string;
  penalty_rate: string;
  remaining_days: number;
  penalty: string;
  /** amount - penalty. */
  returned: string;
  /** Already received and kept. */
  dividends: string;
}
