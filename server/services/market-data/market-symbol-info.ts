/**
 * What market data needs to know of a pair: the scales its prices and amounts are counted in (the
 * quote and base currencies' decimals) and its reference price (shown before the first trade, and
 * the simulator's anchor). Built from the markets service's symbol list.
 */
export interface MarketSymbolInfo {
  symbol: string;
  category: string;
  /** Decimals of the base currency: amounts are base minor units. */
  baseDecimals: number;
  /** Decimals of the quote currency: prices are quote minor units per whole base unit. */
  quoteDecimals: number;
  /** Decimal strings, as the symbol list has them. */
  tickSize: string;
  lotSize: string;
  minNotional: string;
  referencePrice: string;
}
