import type { SpotOrder } from '../../../contract/api/market.ts';
import { decimalToMinor } from '../../domain/minor-units.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import { toSafeInt } from '../../domain/to-safe-int.ts';
import { MARKET_PRICE_DECIMALS } from '../market-data/market-data-format.ts';
import { LIVE_WALK, PPM, walkStep } from './fair-price-walk.ts';
import type { MakerOrder } from './maker-ladder.ts';
import type { PairProfile } from './pair-profiles.ts';
import { SeededRandom } from '../../domain/seeded-random.ts';

/** One tick in market-data price units (10^-12 quote per base unit). */
export const priceUnitsPerTick = (r: SpotSymbolRules): bigint => r.tickUnits * 10n ** BigInt(MARKET_PRICE_DECIMALS - r.tickPlaces);

/** Lots an order still has to fill, from its wire form. */
export function remainingLotsOf(r: SpotSymbolRules, order: SpotOrder): number {
  const amount = decimalToMinor(order.amount, r.baseDecimals) ?? 0n;
  const filled = decimalToMinor(order.filled, r.baseDecimals) ?? 0n;
  return toSafeInt((amount - filled) / r.lotMinor, `remaining lots of order ${order.id}`);
}

/** Ticks of a limit order's price string (null for a market order or a price off the tick). */
export function ticksOf(r: SpotSymbolRules, price: string | null): number | null {
  if (price === null) return null;
  const minor = decimalToMinor(price, r.tickPlaces);
  return minor === null || minor % r.tickUnits !== 0n ? null : toSafeInt(minor / r.tickUnits, `ticks of price ${price} on ${r.symbol}`);
}

/** One pair in the simulation: its fair price walk and the market maker's orders on it. */
export class SimPair {
  /** Deviation of the fair price from the reference, ppm. */
  deviation = 0;
  readonly maker = new Map<number, MakerOrder>();
  /** Operations sent and not answered yet: the pair is left alone until they are. */
  inFlight = 0;
  /** When the ladder is due to be checked again (simulator time, ms). */
  dueMs = 0;
  private walkCarryMs = 0;

  constructor(
    readonly rules: SpotSymbolRules,
    readonly profile: PairProfile,
    /** Reference price in ticks: the walk's anchor. */
    readonly anchorTicks: number,
    readonly random: SeededRandom,
  ) {}

  get symbol(): string {
    return this.rules.symbol;
  }

  fairTicks(): number {
    const ticks = (BigInt(this.anchorTicks) * BigInt(PPM + this.deviation)) / BigInt(PPM);
    return ticks < 1n ? 1 : toSafeInt(ticks, `fair price ticks of ${this.symbol}`);
  }

  /** Starts the walk from a price (the last trade), clamped into the walk's bounds. */
  startAt(priceTicks: number): void {
    if (this.anchorTicks <= 0) return;
    const deviation = (BigInt(priceTicks - this.anchorTicks) * BigInt(PPM)) / BigInt(this.anchorTicks);
    const bound = BigInt(LIVE_WALK.boundPpm);
    this.deviation = Number(deviation > bound ? bound : deviation < -bound ? -bound : deviation);
  }

  /** Moves the fair price one walk step per whole second elapsed. */
  advance(elapsedMs: number): void {
    this.walkCarryMs += elapsedMs;
    for (; this.walkCarryMs >= 1000; this.walkCarryMs -= 1000) this.deviation = walkStep(this.deviation, LIVE_WALK, this.random);
  }

  /** Follows the maker's order as the order flow reports it (placed, filled, cancelled). */
  track(order: SpotOrder): boolean {
    const lots = remainingLotsOf(this.rules, order);
    const priceTicks = ticksOf(this.rules, order.price);
    if ((order.state === 'open' || order.state === 'partial') && lots > 0 && priceTicks !== null) {
      const before = this.maker.get(order.id);
      this.maker.set(order.id, { id: order.id, side: order.side, priceTicks, lots });
      return before !== undefined && before.lots > lots;
    }
    return this.maker.delete(order.id);
  }
}
