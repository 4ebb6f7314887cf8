import { join } from 'node:path';
import { SQLITE_FILE } from '../../db/open-database.ts';
import type { ServiceOptions, Services } from '../../services/create-services.ts';
import { createMarketData, type MarketDataServices } from '../../services/market-data/market-data-module.ts';
import { FavouritesService } from '../../services/market/favourites-service.ts';
import { MarketCatalog } from '../../services/market/market-catalog.ts';
import { MarketEvents } from '../../services/market/market-events.ts';
import { MarketSearchService } from '../../services/market/market-search-service.ts';
import { MarketService } from '../../services/market/market-service.ts';
import { MarketTape } from '../../services/market/market-tape.ts';
import { QuotationService } from '../../services/market/quotation-service.ts';
import { SpotBooks } from '../../services/market/spot-books.ts';
import { SpotOrderQueryService } from '../../services/market/spot-order-query-service.ts';
import { SpotOrderService } from '../../services/market/spot-order-service.ts';
import type { ServiceContext } from '../../services/service-context.ts';

/** The market module's own services: spot pairs and their matching engine, market data, marks, streams, the simulator. */
export interface MarketServices extends MarketDataServices {
  /** Pairs, committed depth, recent trades, last prices; ready() rebuilds the books. */
  markets: MarketService;
  /** What the spot order flow announces after each commit. */
  marketEvents: MarketEvents;
  spotOrders: SpotOrderService;
  spotOrderQuery: SpotOrderQueryService;
  quotations: QuotationService;
  favourites: FavouritesService;
  marketSearch: MarketSearchService;
}

/** The module's name, and its services from a server's or the ops command line's modules. */
export const MARKET = 'market';
export const marketOf = (modules: { own(name: string): unknown }): MarketServices => modules.own(MARKET) as MarketServices;

export function createMarketServices(ctx: ServiceContext, services: Services, options: ServiceOptions): MarketServices {
  const { users, ledger, ledgerReader } = services;
  const marketEvents = new MarketEvents((error) => ctx.log.warn({ err: error }, 'market event listener failed'));
  const catalog = new MarketCatalog(ctx);
  const books = new SpotBooks(catalog);
  const tape = new MarketTape();
  const markets = new MarketService(ctx, catalog, books, tape);
  const quotations = new QuotationService(ctx, markets);
  // SQLite: the order flow's writes run on their own thread and connection (see SqlitePlanWriter).
  const sqliteFile = ctx.dialect === 'sqlite' ? join(options.dataDir, SQLITE_FILE) : null;
  const spotOrders = new SpotOrderService(ctx, catalog, books, tape, marketEvents, () => markets.ready(), sqliteFile);
  const spotOrderQuery = new SpotOrderQueryService(ctx, markets);
  return {
    markets,
    marketEvents,
    spotOrders,
    spotOrderQuery,
    quotations,
    favourites: new FavouritesService(ctx, markets, quotations),
    marketSearch: new MarketSearchService(ctx, markets, quotations),
    ...createMarketData(ctx, { markets, marketEvents, spotOrders, spotOrderQuery, users, ledger, ledgerReader }),
  };
}
