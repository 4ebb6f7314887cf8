/**
 * Tables of market data (issue 4), same conventions as schema.ts. Prices are integers of 10^-12 of
 * the quote currency per whole base unit (MARKET_PRICE_DECIMALS: one scale for every pair, finer
 * than any tick, so a changed tick size never changes what stored numbers mean); volumes are base
 * minor units; turnover is the exact sum of price x amount in those units (scale 10^-(12 + base
 * decimals) of the quote currency).
 */
export interface MarketDataTables {
  market_klines: MarketKlinesTable;
  market_data_state: MarketDataStateTable;
}

export interface MarketKlinesTable {
  symbol: string;
  /** 1m 5m 15m 30m 1h 4h 1d 1w. */
  period: string;
  /** ISO-8601 UTC, aligned to the period (weeks start on Monday). */
  open_time: string;
  open_price: string;
  high_price: string;
  low_price: string;
  close_price: string;
  volume_minor: string;
  turnover_raw: string;
  trades: number;
  /** 1 for history the simulator seeded on first start (not real trades). */
  simulated: number;
}

/** Small named values: the last trade id folded into stored candles, the simulator's status. */
export interface MarketDataStateTable {
  name: string;
  value: string;
  updated_at: string;
}
