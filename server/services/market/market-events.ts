import type { OrderSide, SpotOrder } from '../../../contract/api/market.ts';
import type { UserBalanceChange } from '../../../contract/socket-events.ts';

/**
 * What the spot order flow announces after each committed database transaction, in commit order.
 * The order service emits; market data (tickers, klines, 24 h statistics), the socket streams and
 * the mark prices of futures and options listen. Nothing is emitted for a rolled-back transaction,
 * so a listener never sees a trade the database does not hold.
 */
export interface TradeEvent {
  id: number;
  symbol: string;
  /** Decimal strings, as on the wire. */
  price: string;
  amount: string;
  /** The taker's side. */
  side: OrderSide;
  /** Epoch ms of the fill. */
  timeMs: number;
}

/** Price levels whose aggregated amount changed; amount "0" = the level is gone. */
export interface DepthChange {
  symbol: string;
  bids: [price: string, amount: string][];
  asks: [price: string, amount: string][];
}

export type MarketEvent =
  | { type: 'trades'; symbol: string; trades: TradeEvent[] }
  | { type: 'depth'; change: DepthChange }
  | { type: 'order'; userId: number; order: SpotOrder }
  | { type: 'balances'; userId: number; balances: UserBalanceChange[] };

export type MarketListener = (event: MarketEvent) => void;

/** A tiny synchronous fan-out: listeners must be fast and must not throw (errors are logged, not rethrown). */
export class MarketEvents {
  private readonly listeners = new Set<MarketListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  subscribe(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: MarketEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
