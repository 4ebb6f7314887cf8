import * as E from '../../../contract/endpoints/market.ts';
import { marketsMigration } from '../../db/migrations/0004-markets.ts';
import { marketDataMigration } from '../../db/migrations/0005-market-data.ts';
import { markets, orders } from './market-commands.ts';
import { simulatorStatus } from './simulator-commands.ts';
import { PAIR_OPS } from './pair-commands.ts';
import { spotOrderHolds } from '../../services/market/spot-holds.ts';
import { startMarketData } from '../../services/market-data/market-data-module.ts';
import { registerKlineRoutes } from './kline-routes.ts';
import { createMarketServices, MARKET, type MarketServices } from './market-services.ts';
import { registerMarketRoutes } from './market-routes.ts';
import { registerSpotOrderRoutes } from './spot-order-routes.ts';
import { MARKET_ERROR_TEXTS } from './error-texts.ts';
import { marketStreamSource } from './market-stream-source.ts';
import type { ServerModule } from '../server-module.ts';

/** Spot pairs, the matching engine, market data and its streams, the simulator. */
export const marketModule: ServerModule<MarketServices> = {
  name: MARKET,
  create: createMarketServices,
  migrations: (dialect) => ({ '0004_markets': marketsMigration(dialect), '0005_market_data': marketDataMigration(dialect) }),
  routes(app, services, own) {
    const both = { ...services, ...own };
    registerMarketRoutes(app, both);
    registerKlineRoutes(app, both);
    registerSpotOrderRoutes(app, both);
  },
  // The spot books from the open orders, then candles, tickers, marks and streams (and the
  // simulator when SIMULATOR is on) before the first request.
  async open(own, { ctx, leader, options }) {
    await own.markets.ready();
    return startMarketData(ctx, own, { simulator: options.simulator ?? false, pace: options.simulatorPace, engine: leader });
  },
  close: (own) => own.spotOrders.close(),
  errorTexts: MARKET_ERROR_TEXTS,
  holds: [spotOrderHolds],
  ops: {
    markets: { usage: 'markets', summary: 'spot pairs with last price, best bid and ask, open orders per side and trades', run: markets },
    'simulator-status': { usage: 'simulator-status', summary: 'the market simulator: last report, its bots\' open orders, recent trades and USDT', run: simulatorStatus },
    orders: { usage: 'orders <email|uid>', summary: "a user's open spot orders and latest finished ones", run: orders },
    ...PAIR_OPS,
  },
  // The books live in the leader (placing and cancelling match or change them); depth, trades,
  // tickers, the current candle and quotations are its in-memory figures.
  streams: marketStreamSource,
  engineRoutes: [E.placeSpotOrder, E.cancelSpotOrder, E.depth, E.trades, E.searchPairs, E.hotSearch, E.quotations, E.klines, E.favourites],
};

export { marketOf, type MarketServices } from './market-services.ts';
