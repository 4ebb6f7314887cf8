/**
 * Markets and spot trading on the wire (section 7 "Market" and "Trade"). Prices and amounts are
 * decimal strings ("60123.45", "0.015"), never numbers; times of candles are epoch milliseconds
 * (not money), every other time is ISO-8601 UTC text.
 *
 * A symbol is written "BASE/QUOTE" ("BTC/USDT", "AAPL/USDT"). The spec's calls name a pair by
 * currency_id (the base currency) and legal_id (the quote currency); both forms are accepted
 * where a pair is named, and every answer carries both.
 */

export const MARKET_CATEGORIES = ['coin', 'stock'] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];

/** Static trading rules of one pair. */
export interface MarketSymbol {
  symbol: string;
  base: string;
  quote: string;
  /** Base currency id (the spec's currency_id). */
  currency_id: number;
  /** Quote currency id (the spec's legal_id). */
  legal_id: number;
  category: MarketCategory;
  /** Smallest price step, such as "0.01". */
  tick_size: string;
  /** Smallest amount step in the base currency, such as "0.0001". */
  lot_size: string;
  /** Smallest price x amount an order may have, in the quote currency. */
  min_notional: string;
  /** Fee rates as decimal fractions: "0.001" is 0.1 %. */
  maker_fee: string;
  taker_fee: string;
  image: string;
}

/** One row of the quotation list (GET /currency/quotation_new) and of search results. */
export interface Quotation extends MarketSymbol {
  /** Last trade price; the reference price before the first trade. */
  last: string;
  /** Percent change over 24 h with two decimals and a sign for falls: "1.25", "-0.40", "0.00". */
  change_pct: string;
  open_24h: string;
  high_24h: string;
  low_24h: string;
  /** Base volume over 24 h. */
  volume_24h: string;
  /** Quote volume over 24 h. */
  quote_volume_24h: string;
}

/** GET /currency/quotation_new: every pair, optionally filtered by ?category=coin|stock. */
export interface QuotationList {
  list: Quotation[];
  /** Sequence number of the tickers stream this list is current to; updates with seq <= this are stale. */
  seq: number;
}

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** One candle. GET /currency/new_timeshar?symbol=BTC/USDT&period=1m&limit=300 (limit max 1000) answers Kline[] oldest first. */
export interface Kline {
  /** Open time, epoch ms, aligned to the interval (UTC; weeks start on Monday). */
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** Base volume. */
  v: string;
}

export type OrderSide = 'buy' | 'sell';
export type OrderKind = 'limit' | 'market';
export type OrderState = 'open' | 'partial' | 'filled' | 'cancelled';

/**
 * POST /coin/trade (amount, target_price, currency_id, legal_id | symbol, type buy|sell,
 * idempotency_key): a limit order when target_price is given, a market order when it is empty.
 * A market buy's amount is in the base currency like any other order; its hold is the quote
 * balance needed to fill it against the book (capped at the available balance), and what is not
 * used comes back when it finishes.
 */
export interface SpotOrder {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  side: OrderSide;
  kind: OrderKind;
  /** Limit price; null for a market order. */
  price: string | null;
  amount: string;
  filled: string;
  /** Average fill price; "0" before the first fill. */
  avg_price: string;
  /** Quote value of what has filled. */
  filled_total: string;
  /** Fee paid so far, in fee_currency (buy: the base currency received; sell: the quote currency). */
  fee: string;
  fee_currency: string;
  state: OrderState;
  created_at: string;
  updated_at: string;
}

/** GET /coin/list?status=open|history[&symbol=][&page=&limit=]: Page<SpotOrder>, newest first. POST /coin/cancel (id) answers the cancelled SpotOrder. */
export type OrderListStatus = 'open' | 'history';

/** A price level: [price, amount]; in a depth delta, amount "0" removes the level. */
export type DepthLevel = [price: string, amount: string];

export interface DepthSnapshot {
  symbol: string;
  seq: number;
  /** Best first: bids high to low, asks low to high; at most DEPTH_LEVELS each. */
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export const DEPTH_LEVELS = 50;

export interface PublicTrade {
  id: number;
  price: string;
  amount: string;
  /** The taker's side. */
  side: OrderSide;
  time: string;
}

/** GET /market/depth?symbol= answers DepthSnapshot; GET /market/trades?symbol=&limit= (max 100) answers PublicTrade[] newest first. */
export interface TradesSnapshot {
  symbol: string;
  seq: number;
  trades: PublicTrade[];
}

/** GET /optional/list: the user's favourites as quotations; POST /optional/add and /optional/del take symbol (or currency_id + legal_id). */
export const FAVOURITES_MAX = 200;

/** GET /market/hot_search: the most searched pairs (at most 10), as quotations. GET /market/search?q= (1-20 characters): up to 20 quotations whose base, quote or name match. */
export const SEARCH_RESULTS_MAX = 20;
