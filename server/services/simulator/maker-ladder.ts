import type { OrderSide } from '../../../contract/api/market.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { toSafeInt } from '../../domain/to-safe-int.ts';

/** One of the market maker's resting orders as the simulator tracks it. */
export interface MakerOrder {
  id: number;
  side: OrderSide;
  priceTicks: number;
  lots: number;
}

export interface LadderPlan {
  cancel: number[];
  place: { side: OrderSide; priceTicks: number; lots: number }[];
}

export const LADDER_LEVELS = 12;
/** Distance between levels: 2 bp of the price, at least one tick. */
export const LADDER_STEP_PPM = 200;
/** Size per level relative to the first, decaying away from the mid (0.85 per level), per mille. */
const LEVEL_WEIGHTS = [1000, 850, 723, 614, 522, 444, 377, 321, 272, 232, 197, 167];
const WEIGHT_SUM = LEVEL_WEIGHTS.reduce((a, b) => a + b, 0);
/** A level is topped up when what rests there fell below this share of its size (per mille). */
const REFILL_BELOW = 350;

export function stepTicks(fairTicks: number): number {
  const step = (BigInt(fairTicks) * BigInt(LADDER_STEP_PPM) + 500_000n) / 1_000_000n;
  return step < 1n ? 1 : Number(step);
}

/** The prices of the ladder around a fair price: bids below it, asks above, on a grid of `step`. */
export function ladderPrices(fairTicks: number): { bids: number[]; asks: number[] } {
  const step = stepTicks(fairTicks);
  // Integer grid: ticks stay far below 2^53, so % is exact.
  let bid = fairTicks - (fairTicks % step);
  if (bid >= fairTicks) bid -= step;
  let ask = bid + step;
  if (ask <= fairTicks) ask += step;
  const bids: number[] = [];
  const asks: number[] = [];
  for (let i = 0; i < LADDER_LEVELS; i += 1) {
    if (bid - i * step > 0) bids.push(bid - i * step);
    asks.push(ask + i * step);
  }
  return { bids, asks };
}

/** Lots of level `index` at `priceTicks` for a side holding `sideQuoteMinor` in all: at least one lot and the pair's minimum value. */
export function levelLots(r: SpotSymbolRules, index: number, priceTicks: number, sideQuoteMinor: bigint, jitterPerMille: number): number {
  const weight = BigInt(LEVEL_WEIGHTS[index] ?? 150);
  const value = (sideQuoteMinor * weight * BigInt(jitterPerMille)) / (BigInt(WEIGHT_SUM) * 1000n);
  const perLot = BigInt(priceTicks) * r.unitMinor;
  const minimum = (r.minNotionalMinor + perLot - 1n) / perLot;
  const lots = value / perLot;
  return toSafeInt(lots > minimum ? lots : minimum < 1n ? 1n : minimum, `lots of ladder level ${index} on ${r.symbol}`);
}

/**
 * What to cancel and place so the maker's orders form the ladder around `fairTicks`: orders off the
 * ladder's prices go (cancels first, so a new bid never meets the maker's own old ask), empty or
 * nearly emptied levels are filled. Levels that still rest stay, so a small move costs only the
 * levels that crossed the grid. At most `maxPlaces` new orders per call.
 */
export function planLadder(
  r: SpotSymbolRules, fairTicks: number, orders: readonly MakerOrder[], sideQuoteMinor: bigint, maxPlaces: number, jitter: () => number,
): LadderPlan {
  const { bids, asks } = ladderPrices(fairTicks);
  const plan: LadderPlan = { cancel: [], place: [] };
  for (const [side, prices] of [['buy', bids], ['sell', asks]] as const) {
    const wanted = new Map(prices.map((p, i) => [p, i]));
    const resting = new Map<number, number>();
    for (const o of orders) {
      if (o.side !== side) continue;
      if (!wanted.has(o.priceTicks)) plan.cancel.push(o.id);
      else resting.set(o.priceTicks, (resting.get(o.priceTicks) ?? 0) + o.lots);
    }
    for (const [price, index] of wanted) {
      const full = levelLots(r, index, price, sideQuoteMinor, 1000);
      const have = resting.get(price) ?? 0;
      if (have * 1000 >= full * REFILL_BELOW) continue;
      const lots = Math.max(1, levelLots(r, index, price, sideQuoteMinor, jitter()) - have);
      plan.place.push({ side, priceTicks: price, lots });
    }
  }
  // Inner levels first: they matter most when the number of new orders is capped.
  plan.place.sort((a, b) => Math.abs(a.priceTicks - fairTicks) - Math.abs(b.priceTicks - fairTicks));
  plan.place.length = Math.min(plan.place.length, maxPlaces);
  return plan;
}
