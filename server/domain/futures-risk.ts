import type { PositionSide } from '../../contract/api/contracts.ts';
import { isLiquidatable, liquidationPriceTicks, pnlMinor, riskRatePpm } from './futures-math.ts';

/**
 * The risk of one lever (or stock) account in one margin currency, from its balances, its open
 * positions and the current marks. Exact definitions:
 *   unrealised PnL = sum over open positions of pnlMinor at the mark (a position without a mark counts 0);
 *   equity         = available + frozen + unrealised PnL (frozen includes pending limit orders' holds);
 *   used margin    = sum of open positions' margins;
 *   risk rate      = equity / used margin (null without open positions);
 * the account is liquidated when the risk rate is at or below the liquidation rate.
 */

export interface RiskPosition {
  id: number;
  side: PositionSide;
  openTicks: bigint;
  qtyScaled: bigint;
  marginMinor: bigint;
  /** The current mark; null when the symbol has none. */
  markTicks: bigint | null;
}

export interface PositionRisk {
  pnlMinor: bigint;
  liquidationTicks: bigint | null;
}

export interface AccountRisk {
  usedMarginMinor: bigint;
  unrealizedMinor: bigint;
  equityMinor: bigint;
  riskPpm: bigint | null;
  liquidatable: boolean;
  positions: Map<number, PositionRisk>;
}

export function accountRisk(availableMinor: bigint, frozenMinor: bigint, positions: readonly RiskPosition[], quoteDecimals: number, liquidationPpm: number): AccountRisk {
  const pnls = new Map<number, bigint>();
  let unrealized = 0n;
  let used = 0n;
  for (const p of positions) {
    const pnl = p.markTicks === null ? 0n : pnlMinor(p.side, p.openTicks, p.markTicks, p.qtyScaled, quoteDecimals);
    pnls.set(p.id, pnl);
    unrealized += pnl;
    used += p.marginMinor;
  }
  const equity = availableMinor + frozenMinor + unrealized;
  const result = new Map<number, PositionRisk>();
  for (const p of positions) {
    const pnl = pnls.get(p.id) ?? 0n;
    result.set(p.id, {
      pnlMinor: pnl,
      liquidationTicks: liquidationPriceTicks({
        side: p.side, openTicks: p.openTicks, qtyScaled: p.qtyScaled, quoteDecimals,
        equityWithoutMinor: equity - pnl, usedMarginMinor: used, liquidationPpm,
      }),
    });
  }
  return {
    usedMarginMinor: used,
    unrealizedMinor: unrealized,
    equityMinor: equity,
    riskPpm: riskRatePpm(equity, used),
    liquidatable: isLiquidatable(equity, used, liquidationPpm),
    positions: result,
  };
}
