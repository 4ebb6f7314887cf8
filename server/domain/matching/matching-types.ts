/**
 * The shapes the matching engine speaks. Prices are integer ticks and quantities integer lots, both
 * JS safe integers (the order service checks Number.isSafeInteger at the edge and computes notional
 * price * lots with bigint outside the engine): no floating point anywhere.
 */
export type Side = 'buy' | 'sell';

export interface NewOrder {
  id: number;
  userId: number;
  side: Side;
  kind: 'limit' | 'market';
  /** > 0 for a limit order; ignored for a market order. */
  priceTicks: number;
  /** > 0. */
  lots: number;
}

export interface RestingOrder {
  id: number;
  userId: number;
  side: Side;
  priceTicks: number;
  /** What is left to fill. */
  lots: number;
}

export interface Fill {
  makerOrderId: number;
  makerUserId: number;
  takerOrderId: number;
  takerUserId: number;
  takerSide: Side;
  /** Always the maker's price. */
  priceTicks: number;
  lots: number;
  /** The maker's remaining lots after this fill; 0 = the maker left the book. */
  makerRemainingLots: number;
}

/** A resting order removed by self-trade prevention (expire-maker) before it could trade with its own user. */
export interface ExpiredMaker {
  orderId: number;
  userId: number;
  side: Side;
  priceTicks: number;
  remainingLots: number;
}

export interface PlaceResult {
  /** In execution order, at the makers' prices. */
  fills: Fill[];
  /** Taker lots not filled. */
  remainingLots: number;
  /** A limit remainder now rests on the book; a market remainder is dropped (never rests). */
  rested: boolean;
  /** Self-trade prevention: resting orders of the taker's own user that would have matched, removed; matching went on past them. */
  expired: ExpiredMaker[];
}

export type CancelResult = RestingOrder;

/** One aggregated price level: [priceTicks, lots]. In a change list lots 0 means the level is gone. */
export type DepthLevel = [priceTicks: number, lots: number];

export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface MarketQuote {
  /** Lots a market order would fill now. */
  lots: number;
  /** Sum of priceTicks * lots over those fills. */
  notional: bigint;
}
