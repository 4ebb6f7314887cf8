import type { BatchCloseType, LeverAccount, FuturesOrderType, FuturesTradeStatus, PositionSide } from '../../contract/api/contracts.ts';
import { getServed, post } from './client.ts';
import { idempotent } from './idempotent.ts';

/**
 * Futures (section 7 /lever/*): the order screen's data and preview, opening, closing, stops and the
 * lists. Prices and amounts are decimal strings; lots and multiples whole numbers.
 */

export interface PreviewQuery {
  [key: string]: string | number;
  type: PositionSide;
  multiple: number;
  lots: number;
  /** The limit price; empty (absent) for a market order: the server previews at the mark. */
  target_price: string;
}

/** The screen's terms and balance; with `preview`, also margin, fee and liquidation price of that order. */
export const fetchDeal = (symbol: string, preview?: PreviewQuery, signal?: AbortSignal) =>
  post('/lever/deal', { symbol, ...(preview ?? {}) }, { silent: true, signal });

export interface SubmitOrder {
  [key: string]: string | number;
  symbol: string;
  type: PositionSide;
  multiple: number;
  lots: number;
  order_type: FuturesOrderType;
  /** Limit price; empty for a market order. */
  target_price: string;
  /** Empty when not set. */
  target_profit_price: string;
  stop_loss_price: string;
}

/** One per form: a retried submit after an unknown outcome reuses its idempotency key. */
export const submitOrderAction = () => idempotent((p: SubmitOrder) => post('/lever/submit', p, { mask: true }));

/** Open and pending positions with live PnL, and the accounts' risk (with the `risk` stream's seq). */
export const fetchDealAll = (account?: LeverAccount) => post('/lever/dealall', account ? { account } : {}, { silent: true });

/** Closes an open position at the mark; one per row, so a retry after an unknown outcome is the same close. */
export const closePositionAction = () => idempotent((p: { id: number; lots?: number }) => post('/lever/close', p, { mask: true }));

/** Cancels a pending limit order. */
export const cancelOrderAction = () => idempotent((p: { id: number }) => post('/lever/cancel', p, { mask: true }));

export interface StopsChange {
  [key: string]: string | number;
  id: number;
  /** Empty clears the stop. */
  target_profit_price: string;
  stop_loss_price: string;
}
/** Sets, changes or clears the take-profit and stop-loss prices. */
export const setStopsAction = () => idempotent((p: StopsChange) => post('/lever/setstop', p, { mask: true }));

export const batchClose = (type: BatchCloseType, account?: LeverAccount) =>
  post('/lever/batch_close', { type, ...(account ? { account } : {}) }, { mask: true });

export interface TradeQuery {
  status: FuturesTradeStatus;
  account?: LeverAccount;
  symbol?: string;
  page: number;
  limit: number;
}
/** With GET (the server answers both), so the service worker keeps the history for offline reading. */
export const fetchMyTrades = (q: TradeQuery) => getServed('/lever/my_trade', { ...q });
/**
 * The same history, never from the service worker's copy (POST is not cached): what the position
 * book looks up right after a position left must be the server's answer of now, not the copy a slow
 * network (past the worker's 4 s) would get, which predates the position's end.
 */
export const fetchMyTradesNow = (q: TradeQuery) => post('/lever/my_trade', { ...q }, { silent: true });
