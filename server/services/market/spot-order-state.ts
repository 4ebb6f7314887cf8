import type { Selectable } from 'kysely';
import type { OrderKind, OrderSide, OrderState, SpotOrder } from '../../../contract/api/market.ts';
import type { SpotOrdersTable } from '../../db/markets-schema.ts';
import { averagePrice, baseText, quoteText, ticksToPrice, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { toSafeInt } from '../../domain/to-safe-int.ts';

/** An order as the order flow works on it: the row's fields as integers. */
export interface SpotOrderRecord {
  id: number;
  userId: number;
  symbolId: number;
  side: OrderSide;
  kind: OrderKind;
  priceTicks: number;
  amountMinor: bigint;
  filledMinor: bigint;
  filledQuoteMinor: bigint;
  feeMinor: bigint;
  /** Still frozen for this order: quote for a buy, base for a sell. */
  holdMinor: bigint;
  state: OrderState;
  createdAt: string;
  updatedAt: string;
}

export type SpotOrderRow = Selectable<SpotOrdersTable>;

const STATES: readonly OrderState[] = ['open', 'partial', 'filled', 'cancelled'];
export const OPEN_STATES: readonly OrderState[] = ['open', 'partial'];
export const CLOSED_STATES: readonly OrderState[] = ['filled', 'cancelled'];

export function recordOf(row: SpotOrderRow): SpotOrderRecord {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    symbolId: Number(row.symbol_id),
    side: row.side === 'sell' ? 'sell' : 'buy',
    kind: row.kind === 'market' ? 'market' : 'limit',
    priceTicks: toSafeInt(row.price_ticks, `price ticks of order ${row.id}`),
    amountMinor: BigInt(row.amount_minor),
    filledMinor: BigInt(row.filled_minor),
    filledQuoteMinor: BigInt(row.filled_quote_minor),
    feeMinor: BigInt(row.fee_minor),
    holdMinor: BigInt(row.hold_minor),
    state: (STATES as readonly string[]).includes(row.state) ? (row.state as OrderState) : 'cancelled',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Lots not filled yet. */
export const remainingLots = (r: SpotSymbolRules, o: SpotOrderRecord): number =>
  toSafeInt((o.amountMinor - o.filledMinor) / r.lotMinor, `remaining lots of order ${o.id}`);

/** The wire's view of an order. */
export function spotOrderView(r: SpotSymbolRules, o: SpotOrderRecord): SpotOrder {
  const buy = o.side === 'buy';
  return {
    id: o.id,
    symbol: r.symbol,
    currency_id: r.baseCurrencyId,
    legal_id: r.quoteCurrencyId,
    side: o.side,
    kind: o.kind,
    price: o.kind === 'limit' ? ticksToPrice(r, o.priceTicks) : null,
    amount: baseText(r, o.amountMinor),
    filled: baseText(r, o.filledMinor),
    avg_price: averagePrice(r, o.filledMinor, o.filledQuoteMinor),
    filled_total: quoteText(r, o.filledQuoteMinor),
    fee: buy ? baseText(r, o.feeMinor) : quoteText(r, o.feeMinor),
    fee_currency: buy ? r.base : r.quote,
    state: o.state,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}
