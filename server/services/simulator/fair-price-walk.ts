import type { SeededRandom } from '../../domain/seeded-random.ts';

/** Parts per million of the anchor price. */
export const PPM = 1_000_000;

export interface WalkRules {
  /** Standard deviation of one step, in ppm of the anchor. */
  stepPpm: number;
  /** Pull back towards the anchor per step, in ppm of the deviation (mean reversion). */
  pullPpm: number;
  /** The deviation never leaves [-boundPpm, +boundPpm]. */
  boundPpm: number;
}

/**
 * Live fair price, one step per second: ~70 ppm (about 2 % a day), pulled back to the reference
 * price with a time constant of about three days, and bounded at 4.5 % from it, so a pair's 24 h
 * change is typically a few percent and never beyond about -9 % .. +9.5 %.
 */
export const LIVE_WALK: WalkRules = { stepPpm: 70, pullPpm: 4, boundPpm: 45_000 };

/**
 * One step of a bounded, mean-reverting random walk of the deviation from the anchor (integers in
 * ppm). Used forwards for the live fair price and backwards for seeded history (the walk is
 * symmetric in time, so stepping back from today's price draws a plausible past).
 */
export function walkStep(deviationPpm: number, rules: WalkRules, random: SeededRandom): number {
  const pulled = deviationPpm - Math.trunc((deviationPpm * rules.pullPpm) / PPM);
  const next = pulled + random.bell(rules.stepPpm);
  return Math.max(-rules.boundPpm, Math.min(rules.boundPpm, next));
}

/** anchor x (1 + deviation), in the anchor's integer unit. */
export const priceAt = (anchor: bigint, deviationPpm: number): bigint => (anchor * BigInt(PPM + deviationPpm)) / BigInt(PPM);
