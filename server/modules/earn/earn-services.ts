import { KLINE_INTERVAL_MS } from '../../domain/kline-intervals.ts';
import type { Services } from '../../services/create-services.ts';
import type { ServiceContext } from '../../services/service-context.ts';
import type { ModulesBuilt } from '../server-module.ts';
import { marketOf } from '../market/module.ts';
import { EarnOrders } from './earn-orders.ts';
import { EarnProducts } from './earn-products.ts';
import { EarnPurchase } from './earn-purchase.ts';
import { EarnFixings, EarnSettlement, type MinuteCloseSource } from './earn-settlement.ts';

/** The earn module's services: products, purchases, orders, fixings and settlement. */
export interface EarnServices {
  products: EarnProducts;
  purchase: EarnPurchase;
  orders: EarnOrders;
  fixings: EarnFixings;
  settlement: EarnSettlement;
}

export const EARN = 'earn';
export const earnOf = (modules: { own(name: string): unknown }): EarnServices => modules.own(EARN) as EarnServices;

/** Market data keeps prices at 10^-12; earn prices are ticks of 10^-8 (cut, never rounded up). */
const MARKET_TO_TICKS = 10n ** 4n;

export function createEarnServices(ctx: ServiceContext, services: Services, source: MinuteCloseSource): EarnServices {
  const products = new EarnProducts(ctx);
  return {
    products,
    purchase: new EarnPurchase(ctx, products, services.ledger, services.idempotency, services.dueWork),
    orders: new EarnOrders(ctx),
    fixings: new EarnFixings(ctx, source),
    settlement: new EarnSettlement(ctx, services.ledger),
  };
}

/** The pairs' 1-minute closes from the market module's stored candles (reached through its face). */
export function marketCloses(modules: ModulesBuilt): MinuteCloseSource {
  const store = marketOf(modules).marketData.store;
  return {
    async closes(symbol, fromMs, toMs) {
      const candles = await store.range(symbol, '1m', fromMs, toMs - KLINE_INTERVAL_MS['1m']);
      return candles.map((c) => ({ t: c.t, closeTicks: c.close / MARKET_TO_TICKS }));
    },
  };
}
