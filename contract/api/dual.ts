import type { EarnDirection, EarnProductState } from './invest.ts';

/**
 * Dual-currency products (section 7 /dual/*): "sell high" deposits the coin, "buy low" deposits the
 * quote (USDT); both settle at the fixing time by the rule in contract/api/invest.ts, and their
 * orders are EarnOrders (product 'dual'). `num` of /dual/buyDual is the amount deposited.
 */
export interface DualProduct {
  id: number;
  coin: string;
  quote: string;
  direction: EarnDirection;
  /** The currency deposited: the coin for sell_high, the quote for buy_low. */
  deposit_currency: string;
  target_price: string;
  annual_rate: string;
  days: number;
  maturity_at: string;
  min_amount: string;
  /** What can still be deposited into the product in all. */
  remaining: string;
  state: EarnProductState;
  fixing_window_minutes: number;
}
