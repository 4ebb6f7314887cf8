import type { OrderListStatus, OrderSide } from '../../contract/api/market.ts';
import { getServed, post } from './client.ts';
import { idempotent } from './idempotent.ts';

/** Spot orders (section 7 "Trade"): place, list, cancel. Amounts and prices are decimal strings. */

export interface PlaceOrder {
  [key: string]: string | undefined;
  symbol: string;
  type: OrderSide;
  amount: string;
  /** Left out for a market order (the server refuses an empty price). */
  target_price?: string;
}

/** One per form: a retried submit after an unknown outcome reuses its idempotency key. */
export const placeOrderAction = () => idempotent((p: PlaceOrder) => post('/coin/trade', p, { mask: true }));

export interface OrderQuery {
  status: OrderListStatus;
  symbol?: string;
  page: number;
  limit: number;
}
export const fetchOrders = (q: OrderQuery) => getServed('/coin/list', { ...q });

export const cancelOrder = (id: number) => post('/coin/cancel', { id });
