/**
 * The finance tab's earn products on the wire: invest (linked-price) products and, sharing their
 * orders, settlement and rule, dual-currency products (contract/api/dual.ts). Amounts, prices and
 * rates are decimal strings; share counts and days are whole numbers; times are ISO-8601 UTC.
 *
 * The rule (spec section 9, PRODUCT-RULES "Invest (linked price) and dual-currency products"), with
 * f = 1 + days x annual rate / 365 and K the linked (target) price:
 *   sell_high (deposit the coin, amount A): settlement price < K  -> A x f in the coin;
 *                                            settlement price >= K -> A x K x f in the quote (USDT).
 *   buy_low (deposit the quote, amount Q):   settlement price > K  -> Q x f in the quote;
 *                                            settlement price <= K -> Q x f / K in the coin.
 * At exactly K the price has been reached, so the deposit converts in both directions (OKX: sell
 * high at the target pays USDT, buy low at the target pays the coin). Every payout is rounded down
 * to the minor unit of the coin it is paid in. Invest products are sell_high (the spec's rule).
 *
 * The settlement price is not one tick: it is the mean of the 1-minute closes of the pair over the
 * `window_minutes` before the fixing time (a minute without trades keeps the close before it); with
 * no trade in that window the order waits in `settling` and is tried again, never guessed.
 */

export type EarnProductKind = 'invest' | 'dual';
export type EarnDirection = 'sell_high' | 'buy_low';
/** purchased -> settling (fixing time passed, waiting for its price) -> completed | failed (retried). */
export type EarnOrderState = 'purchased' | 'settling' | 'completed' | 'failed';
export type EarnProductState = 'open' | 'closed';
/** Orders still held, or finished. */
export type EarnOrderStatus = 'open' | 'history';

/** An amount in a currency. */
export interface EarnAmount {
  currency: string;
  amount: string;
}

/** Where the settlement price stands against the strike for an outcome to be paid. */
export type EarnCondition = 'below' | 'at_or_below' | 'at_or_above' | 'above';

/** One of the two outcomes: what is paid if the settlement price is `when` the strike. */
export interface EarnOutcome extends EarnAmount {
  when: EarnCondition;
}

/** Which price settles, and when. */
export interface EarnFixing {
  symbol: string;
  /** The fixing time (maturity). */
  at: string;
  /** The averaging window: [from, at). */
  from: string;
  window_minutes: number;
}

/** Both outcomes of a purchase, from the code that settles it. */
export interface EarnPreview {
  product: EarnProductKind;
  direction: EarnDirection;
  /** What is paid now from the finance account. */
  principal: EarnAmount;
  /** The linked (target) price K. */
  strike_price: string;
  annual_rate: string;
  days: number;
  /** Paid in the coin (sell_high: below K; buy_low: at or below K). */
  coin_outcome: EarnOutcome;
  /** Paid in the quote (sell_high: at or above K; buy_low: above K). */
  quote_outcome: EarnOutcome;
  fixing: EarnFixing;
  /** invest: the shares bought. */
  shares: number | null;
}

export interface InvestProduct {
  id: number;
  name: string;
  coin: string;
  quote: string;
  direction: 'sell_high';
  /** One share's price, in the coin. */
  share_price: string;
  /** Annualised, as a fraction: "0.12" is 12 %. */
  annual_rate: string;
  linked_price: string;
  days: number;
  /** When an order bought now matures (its fixing time). */
  maturity_at: string;
  total_shares: number;
  remaining_shares: number;
  min_shares: number;
  state: EarnProductState;
  fixing_window_minutes: number;
}

export interface EarnOrder {
  id: number;
  product: EarnProductKind;
  product_id: number;
  name: string;
  direction: EarnDirection;
  coin: string;
  quote: string;
  shares: number | null;
  principal: EarnAmount;
  strike_price: string;
  annual_rate: string;
  days: number;
  state: EarnOrderState;
  created_at: string;
  fixing: EarnFixing;
  coin_outcome: EarnOutcome;
  quote_outcome: EarnOutcome;
  /** Set once the fixing price is known. */
  settle_price: string | null;
  /** What was paid at settlement, and the interest part of it. */
  payout: EarnAmount | null;
  earned: EarnAmount | null;
  settled_at: string | null;
}

/** "My positions" of the finance tab, over both earn products. */
export interface EarnPositions {
  /** Principal of orders still held, per currency. */
  held: EarnAmount[];
  /** Interest paid by completed orders, per currency. */
  earned: EarnAmount[];
  open_orders: number;
  /** The held order that matures first. */
  next: EarnOrder | null;
}

/** The spec's fund account the earn products pay from and into. */
export const EARN_ACCOUNT = 'financial' as const;
