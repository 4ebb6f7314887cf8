import type { BookLevel, DealSize } from '../../domain/deal-walk.ts';
import { ceilDiv, floorDiv } from '../../domain/futures-math.ts';
import type { OrderBook } from '../../domain/matching/order-book.ts';
import { PRICE_DECIMALS } from '../../domain/reference-prices.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const SCALED = pow10(PRICE_DECIMALS);
const MAX_LOTS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The levels a house deal of `size` walks on the pair's book now (the asks to buy, the bids to sell),
 * best first, in 10^-8 price ticks and base units (deal-walk.ts), read only as deep as the size needs.
 * Each level is rounded against the user where the pair's scale is finer than 10^-8: its price up for
 * an ask, down for a bid, its quantity down. Read from the live book: mid-batch it may hold orders the
 * batch has not committed yet, which a failed write (rare: a database fault) would take back.
 */
export function dealLevels(r: SpotSymbolRules, book: OrderBook, buying: boolean, size: DealSize, excludeUserId?: number): BookLevel[] {
  const price8 = (ticks: number, up: boolean) => {
    const numerator = BigInt(ticks) * r.tickUnits * SCALED;
    return up ? ceilDiv(numerator, pow10(r.tickPlaces)) : floorDiv(numerator, pow10(r.tickPlaces));
  };
  // 10^-8 base units x 10^baseDecimals per lot: a quantity in lots is qtyScaled x 10^baseDecimals / this.
  const perLot = r.lotMinor * SCALED;
  let lots: bigint;
  if ('qtyScaled' in size) {
    lots = ceilDiv(size.qtyScaled * pow10(r.baseDecimals), perLot);
  } else {
    // A notional buys the most lots at the best price, every level past it being dearer.
    const best = buying ? book.bestAsk() : book.bestBid();
    if (best === null) return [];
    const bestTicks = price8(best, false);
    lots = bestTicks > 0n ? ceilDiv(size.notional * pow10(r.baseDecimals), bestTicks * perLot) : MAX_LOTS;
  }
  const wanted = Number(lots < 1n ? 1n : lots > MAX_LOTS ? MAX_LOTS : lots);
  return book.levelsUpTo(buying ? 'buy' : 'sell', wanted, excludeUserId).map(([ticks, levelLots]): BookLevel => [
    price8(ticks, buying),
    floorDiv(BigInt(levelLots) * perLot, pow10(r.baseDecimals)),
  ]);
}
