import type { Generated } from 'kysely';

/**
 * Tables of markets and spot trading (issue 4), same conventions as schema.ts: amounts are integer
 * minor units as decimal-digit text (`*_minor`), prices integer ticks of the symbol's tick size,
 * fees in parts per million, timestamps ISO-8601 UTC text.
 */
export interface MarketTables {
  market_symbols: MarketSymbolsTable;
  spot_orders: SpotOrdersTable;
  spot_trades: SpotTradesTable;
  market_favourites: MarketFavouritesTable;
  market_search_counts: MarketSearchCountsTable;
}

/** One trading pair and its static rules. */
export interface MarketSymbolsTable {
  id: Generated<number>;
  /** "BTC/USDT". */
  symbol: string;
  base_currency_id: number;
  quote_currency_id: number;
  /** 'coin' or 'stock' (MARKET_CATEGORIES). */
  category: string;
  /** Smallest price step as a decimal ("0.1"); a price is an integer number of these (ticks). */
  tick_size: string;
  /** Smallest amount step in base minor units; an amount is an integer number of these (lots). */
  lot_size_minor: string;
  /** Smallest price x amount of an order, in quote minor units. */
  min_notional_minor: string;
  /** 1000 = 0.1 %. */
  maker_fee_ppm: number;
  taker_fee_ppm: number;
  /** 1 trading, 0 halted (hidden from lists, no new orders). */
  status: number;
  sort: number;
}

/**
 * A spot order. Written only by the spot order service (one writer, ids handed out in memory), so
 * the in-memory books can be rebuilt from the open rows at any time. hold_minor is what the order
 * still has frozen (quote for a buy, base for a sell): the ledger check holds frozen balances to it.
 */
export interface SpotOrdersTable {
  id: number;
  user_id: number;
  symbol_id: number;
  /** 'buy' | 'sell'. */
  side: string;
  /** 'limit' | 'market'. */
  kind: string;
  /** Limit price in ticks; 0 for a market order. */
  price_ticks: number;
  amount_minor: string;
  filled_minor: string;
  filled_quote_minor: string;
  /** In the currency received: base for a buy, quote for a sell. */
  fee_minor: string;
  hold_minor: string;
  /** 'open' | 'partial' | 'filled' | 'cancelled'. */
  state: string;
  created_at: string;
  updated_at: string;
}

/** One fill; (taker_order_id, maker_order_id) is unique, so no fill can be written twice. */
export interface SpotTradesTable {
  id: number;
  symbol_id: number;
  taker_order_id: number;
  maker_order_id: number;
  taker_user_id: number;
  maker_user_id: number;
  taker_side: string;
  price_ticks: number;
  amount_minor: string;
  quote_minor: string;
  taker_fee_minor: string;
  maker_fee_minor: string;
  /** The settlement journal. */
  journal_id: number;
  created_at: string;
}

export interface MarketFavouritesTable {
  user_id: number;
  symbol_id: number;
  /** Order of adding (the list shows favourites in this order). */
  position: number;
  created_at: string;
}

/** How often a pair was searched for (hot search). */
export interface MarketSearchCountsTable {
  symbol_id: number;
  searches: number;
  updated_at: string;
}
