import { KLINE_INTERVAL_MS, bucketStart } from '../../domain/kline-intervals.ts';
import type { KlineStore } from '../market-data/kline-store.ts';
import type { MarketService } from '../market/market-service.ts';
import type { ServiceContext } from '../service-context.ts';
import { LIVE_WALK } from './fair-price-walk.ts';
import { seedHistory } from './history-seeder.ts';
import { profileOf } from './pair-profiles.ts';
import { priceUnitsPerTick } from './sim-pair.ts';
import { hashText, SeededRandom } from '../../domain/seeded-random.ts';


/**
 * On a fresh install, charts and 24 h figures would be empty until enough live trading: each pair
 * without any stored candle gets a deterministic history (domain of history-seeder.ts) ending at
 * the last whole minute, so the first live trades continue it. Pairs that traded before keep their
 * real history. Answers the symbols seeded.
 */
export async function seedMissingHistory(ctx: ServiceContext, store: KlineStore, markets: MarketService, seed: number): Promise<string[]> {
  const have = await store.symbolsWithCandles();
  const endMs = bucketStart('1m', ctx.clock.now().getTime());
  const seeded: string[] = [];
  for (const rules of markets.pairs()) {
    if (have.has(rules.symbol)) continue;
    const anchorTicks = markets.catalog.referenceTicks(rules);
    if (anchorTicks <= 0) continue;
    const random = new SeededRandom(seed ^ hashText(`history:${rules.symbol}`));
    // Today's price: somewhere within the live walk's bounds, so live trading picks up from it.
    const deviation = Math.max(-LIVE_WALK.boundPpm, Math.min(LIVE_WALK.boundPpm, random.bell(15_000)));
    const candles = seedHistory({
      symbol: rules.symbol,
      anchor: BigInt(anchorTicks) * priceUnitsPerTick(rules),
      tick: priceUnitsPerTick(rules),
      baseDecimals: rules.baseDecimals,
      lotMinor: rules.lotMinor,
      quotePerMinute: profileOf(rules).historyQuotePerMinute,
    }, endMs, deviation, random);
    await store.save(candles);
    seeded.push(rules.symbol);
  }
  if (seeded.length > 0) ctx.log.info({ pairs: seeded.length, minutes: KLINE_INTERVAL_MS['1d'] / 60_000 }, 'simulator: seeded chart history');
  return seeded;
}
