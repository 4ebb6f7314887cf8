import * as E from '../../../contract/endpoints/market.ts';
import { marketsMigration } from '../../db/migrations/0004-markets.ts';
import { marketDataMigration } from '../../db/migrations/0005-market-data.ts';
import { markets, orders } from '../../src/ops/market-commands.ts';
import { simulatorStatus } from '../../src/ops/simulator-commands.ts';
import { spotOrderHolds } from '../../services/market/spot-holds.ts';
import { registerKlineRoutes } from '../../http/routes/kline-routes.ts';
import { registerMarketRoutes } from '../../http/routes/market-routes.ts';
import { registerSpotOrderRoutes } from '../../http/routes/spot-order-routes.ts';
import { MARKET_ERROR_TEXTS } from './error-texts.ts';
import type { ServerModule } from '../server-module.ts';

/** Spot pairs, the matching engine, market data and its streams, the simulator. */
export const marketModule: ServerModule = {
  name: 'market',
  migrations: (dialect) => ({ '0004_markets': marketsMigration(dialect), '0005_market_data': marketDataMigration(dialect) }),
  routes(app, services) {
    registerMarketRoutes(app, services);
    registerKlineRoutes(app, services);
    registerSpotOrderRoutes(app, services);
  },
  errorTexts: MARKET_ERROR_TEXTS,
  holds: [spotOrderHolds],
  ops: {
    markets: { usage: 'markets', summary: 'spot pairs with last price, best bid and ask, open orders per side and trades', run: markets },
    'simulator-status': { usage: 'simulator-status', summary: 'the market simulator: last report, its bots\' open orders, recent trades and USDT', run: simulatorStatus },
    orders: { usage: 'orders <email|uid>', summary: "a user's open spot orders and latest finished ones", run: orders },
  },
  // The books live in the leader (placing and cancelling match or change them); depth, trades,
  // tickers, the current candle and quotations are its in-memory figures.
  engineRoutes: [E.placeSpotOrder, E.cancelSpotOrder, E.depth, E.trades, E.searchPairs, E.hotSearch, E.quotations, E.klines, E.favourites],
};
