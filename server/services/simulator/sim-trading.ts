import type { SpotOrder } from '../../../contract/api/market.ts';
import type { OrderBook } from '../../domain/matching/order-book.ts';
import type { OrderRequest } from '../../domain/spot-order-rules.ts';
import { toSafeInt } from '../../domain/to-safe-int.ts';
import type { MarketService } from '../market/market-service.ts';
import { OPEN_STATES, recordOf, spotOrderView } from '../market/spot-order-state.ts';
import type { ServiceContext } from '../service-context.ts';
import type { SimPair } from './sim-pair.ts';
import type { SeededRandom } from '../../domain/seeded-random.ts';

/**
 * What a bot should hold, per currency id in minor units: `times` the pairs' maker depth in the
 * quote currency, and the same value of each base currency at the reference price.
 */
export function fundingTargets(pairs: readonly SimPair[], times: number): Map<number, bigint> {
  const targets = new Map<number, bigint>();
  const add = (currencyId: number, minor: bigint) => targets.set(currencyId, (targets.get(currencyId) ?? 0n) + minor);
  for (const { rules: r, profile, anchorTicks } of pairs) {
    const quoteMinor = BigInt(profile.depthQuote * times) * 10n ** BigInt(r.quoteDecimals);
    add(r.quoteCurrencyId, quoteMinor);
    const lots = quoteMinor / (BigInt(anchorTicks) * r.unitMinor);
    add(r.baseCurrencyId, (lots < 1n ? 1n : lots) * r.lotMinor);
  }
  return targets;
}

/** The maker's open orders, from the database (after a restart the simulator goes on managing them). */
export async function loadMakerOrders(ctx: ServiceContext, markets: MarketService, makerId: number): Promise<SpotOrder[]> {
  const rows = await ctx.db.selectFrom('spot_orders').selectAll().where('user_id', '=', makerId).where('state', 'in', [...OPEN_STATES]).execute();
  return rows.flatMap((row) => {
    const rules = markets.catalog.get(Number(row.symbol_id));
    return rules ? [spotOrderView(rules, recordOf(row))] : [];
  });
}

/**
 * A taker's order: it leans towards the fair price (buys more when the book's mid is below it),
 * takes 0.2-3 % of the maker's depth, as a market order or (three times in ten) a limit order at the
 * best opposite price. Null when that side of the book is empty.
 */
export function takerOrder(pair: SimPair, book: OrderBook, random: SeededRandom): OrderRequest | null {
  const bid = book.bestBid();
  const ask = book.bestAsk();
  const fair = pair.fairTicks();
  const mid = bid !== null && ask !== null ? (bid + ask) / 2 : (bid ?? ask ?? fair);
  const side = random.chance(fair > mid ? 650_000 : fair < mid ? 350_000 : 500_000) ? 'buy' : 'sell';
  const best = side === 'buy' ? ask : bid;
  if (best === null) return null;
  const r = pair.rules;
  const valueMinor = (BigInt(pair.profile.depthQuote) * 10n ** BigInt(r.quoteDecimals) * BigInt(random.between(2, 30))) / 1000n;
  const perLot = BigInt(best) * r.unitMinor;
  const minimum = (r.minNotionalMinor + perLot - 1n) / perLot + 1n;
  const lots = valueMinor / perLot > minimum ? valueMinor / perLot : minimum;
  const takerLots = toSafeInt(lots, `taker lots on ${r.symbol}`);
  return random.chance(300_000)
    ? { side, kind: 'limit', priceTicks: best, lots: takerLots }
    : { side, kind: 'market', priceTicks: 0, lots: takerLots };
}
