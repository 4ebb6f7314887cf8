import type { LeverAccount, FuturesAccountRisk, FuturesPosition, PositionState } from '../../../contract/api/contracts.ts';
import { accountRisk, type AccountRisk } from '../../domain/futures-risk.ts';
import { ticksToText } from '../../domain/futures-prices.ts';
import { LOT_DECIMALS } from '../../domain/futures-math.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { isCloseReason, qtyOf, sideOf, ticksOrNull, type PositionRow } from './position-rows.ts';
import type { MarkLookup } from './futures-settlement.ts';

/** What a view needs to know of a position's symbol. */
export interface SymbolIds {
  currencyId: number;
  legalId: number;
}

const STATES: readonly PositionState[] = ['pending', 'open', 'closed', 'cancelled'];
const text = (ticks: bigint | null): string | null => (ticks === null ? null : ticksToText(ticks));

/** The wire form of a position; `risk` carries the live PnL and liquidation price of an open one. */
export function positionView(row: PositionRow, ids: SymbolIds, decimals: number, markTicks: bigint | null, risk?: { pnlMinor: bigint; liquidationTicks: bigint | null }): FuturesPosition {
  const money = (minor: bigint) => minorToDecimal(minor, decimals);
  const state = STATES.find((s) => s === row.state) ?? 'closed';
  const current = state === 'closed' ? ticksOrNull(row.close_price_ticks) : state === 'cancelled' ? null : markTicks;
  const profit = state === 'closed' ? BigInt(row.pnl_minor) : state === 'open' ? (risk?.pnlMinor ?? 0n) : 0n;
  return {
    id: row.id,
    symbol: row.symbol,
    currency_id: ids.currencyId,
    legal_id: ids.legalId,
    category: row.category === 'stock' ? 'stock' : 'coin',
    account: row.account as LeverAccount,
    type: sideOf(row),
    order_type: row.order_type === 'limit' ? 'limit' : 'market',
    state,
    multiple: row.multiple,
    lots: row.lots,
    lot_size: minorToDecimal(BigInt(row.lot_size_scaled), LOT_DECIMALS),
    target_price: text(ticksOrNull(row.target_price_ticks)),
    open_price: text(ticksOrNull(row.open_price_ticks)),
    current_price: text(current),
    target_profit_price: text(ticksOrNull(row.tp_ticks)),
    stop_loss_price: text(ticksOrNull(row.sl_ticks)),
    margin: money(state === 'pending' ? BigInt(row.hold_minor) : BigInt(row.margin_minor)),
    handling_fee: money(BigInt(row.open_fee_minor) + BigInt(row.close_fee_minor)),
    overnight_fee: money(BigInt(row.overnight_fee_minor)),
    profit: money(profit),
    liquidation_price: state === 'open' ? text(risk?.liquidationTicks ?? null) : null,
    close_reason: isCloseReason(row.close_reason) ? row.close_reason : null,
    created_at: row.created_at,
    open_time: row.opened_at,
    close_time: row.closed_at,
  };
}

export interface AccountSnapshot {
  account: LeverAccount;
  currencyId: number;
  currency: string;
  decimals: number;
  available: bigint;
  frozen: bigint;
}

/** The account's risk at the current marks, from its open rows. */
export function riskOf(snapshot: AccountSnapshot, openRows: readonly PositionRow[], marks: MarkLookup, liquidationPpm: number): AccountRisk {
  return accountRisk(snapshot.available, snapshot.frozen, openRows.map((row) => ({
    id: row.id,
    side: sideOf(row),
    openTicks: BigInt(row.open_price_ticks ?? '0'),
    qtyScaled: qtyOf(row),
    marginMinor: BigInt(row.margin_minor),
    markTicks: marks(row.symbol),
  })), snapshot.decimals, liquidationPpm);
}

export function accountView(snapshot: AccountSnapshot, risk: AccountRisk): FuturesAccountRisk {
  const money = (minor: bigint) => minorToDecimal(minor, snapshot.decimals);
  return {
    account: snapshot.account,
    currency_id: snapshot.currencyId,
    currency: snapshot.currency,
    available: money(snapshot.available),
    frozen: money(snapshot.frozen),
    used_margin: money(risk.usedMarginMinor),
    unrealized_pnl: money(risk.unrealizedMinor),
    equity: money(risk.equityMinor),
    risk_rate: risk.riskPpm === null ? null : minorToDecimal(risk.riskPpm, 6),
  };
}
