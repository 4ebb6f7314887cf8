import type { SpotOrder } from '../../../contract/api/market.ts';
import type { UserBalanceChange } from '../../../contract/socket-events.ts';
import type { SpotTradesTable } from '../../db/markets-schema.ts';
import type { Outcome } from '../../domain/outcome.ts';
import type { OrderRequest } from '../../domain/spot-order-rules.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { SpotOrderRecord } from './spot-order-state.ts';

/** The idempotency endpoint name of order placement (per user, like the money movers). */
export const PLACE_ENDPOINT = 'coin/trade';

export interface PlaceRequest {
  type: 'place';
  userId: number;
  rules: SpotSymbolRules;
  order: OrderRequest;
  /** null: no dedupe (bots). */
  key: string | null;
  /** SHA-256 of the normalised order, stored with the key. */
  fingerprint: string;
}

export interface CancelRequest {
  type: 'cancel';
  userId: number;
  orderId: number;
}

export type SpotRequest = PlaceRequest | CancelRequest;

/** A request waiting in the queue, with where its answer goes. */
export interface QueuedRequest {
  request: SpotRequest;
  resolve(outcome: Outcome<SpotOrder>): void;
}

/**
 * A spot_trades row before its settlement journal's id is known: journal_id holds the journal's
 * index in the batch (the writer swaps in the id). The columns come from the table's declaration.
 */
export interface TradeRow extends SpotTradesTable {
  /** Not stored: the event's time. */
  timeMs: number;
}

/** What one committed batch changed, for the events sent after the commit. */
export interface BatchEffects {
  /** Trades per symbol id, in execution order. */
  trades: Map<number, TradeRow[]>;
  /** Every order the batch changed, in its final state. */
  orders: Map<number, SpotOrderRecord>;
  /** Symbols whose books changed. */
  symbols: Set<number>;
  balances: Map<number, UserBalanceChange[]>;
}
