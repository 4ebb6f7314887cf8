import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';

/** How busy and how deep a pair is in the simulation. */
export interface PairProfile {
  /** Market maker's resting value per side, in whole quote units. */
  depthQuote: number;
  /** Taker trades per minute on average. */
  tradesPerMinute: number;
  /** Traded value per minute in seeded history, in whole quote units. */
  historyQuotePerMinute: number;
}

const MAJORS: Readonly<Record<string, PairProfile>> = {
  BTC: { depthQuote: 600_000, tradesPerMinute: 48, historyQuotePerMinute: 40_000 },
  ETH: { depthQuote: 300_000, tradesPerMinute: 30, historyQuotePerMinute: 20_000 },
  BNB: { depthQuote: 100_000, tradesPerMinute: 9, historyQuotePerMinute: 5_000 },
  SOL: { depthQuote: 100_000, tradesPerMinute: 9, historyQuotePerMinute: 6_000 },
};
const COIN: PairProfile = { depthQuote: 30_000, tradesPerMinute: 2.4, historyQuotePerMinute: 800 };
const STOCK: PairProfile = { depthQuote: 50_000, tradesPerMinute: 3, historyQuotePerMinute: 1_200 };

/** Across the 41 seeded pairs: about 3 trades a second, most of them on BTC and ETH. */
export function profileOf(rules: SpotSymbolRules): PairProfile {
  return MAJORS[rules.base] ?? (rules.category === 'stock' ? STOCK : COIN);
}
