import type { SpotOrder } from '../../../contract/api/market.ts';
import type { UserBalanceChange } from '../../../contract/socket-events.ts';
import { COIN_ACCOUNT } from '../../domain/journal-builders.ts';
import { minorToDecimal } from '../../domain/minor-units.ts';
import { baseText, quoteText, type SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { LedgerReader } from '../ledger/ledger-reader.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { MarketEvents } from '../market/market-events.ts';
import type { MarketService } from '../market/market-service.ts';
import type { QuotationService } from '../market/quotation-service.ts';
import type { SpotOrderQueryService } from '../market/spot-order-query-service.ts';
import type { SpotOrderService } from '../market/spot-order-service.ts';
import { watchPairs } from '../market/pair-watcher.ts';
import type { ServiceContext } from '../service-context.ts';
import { MarketSimulator } from '../simulator/market-simulator.ts';
import { seedMissingHistory } from '../simulator/seed-missing-history.ts';
import type { UserService } from '../user-service.ts';
import { dealLevels } from './deal-levels.ts';
import { KlineStore } from './kline-store.ts';
import { MarketDataService } from './market-data-service.ts';
import type { MarketSymbolInfo } from './market-symbol-info.ts';
import { MarkPriceService } from './mark-price-service.ts';
import { MarketStreams } from './market-streams.ts';

/** Market data, mark prices, the socket streams' state and the simulator (issue 4). */
export interface MarketDataServices {
  marketData: MarketDataService;
  markPrices: MarkPriceService;
  marketStreams: MarketStreams;
  simulator: MarketSimulator;
}

export interface MarketDataSources {
  markets: MarketService;
  marketEvents: MarketEvents;
  spotOrders: SpotOrderService;
  spotOrderQuery: SpotOrderQueryService;
  users: UserService;
  ledger: LedgerService;
  ledgerReader: LedgerReader;
}

/** The simulator's seed unless a caller picks one: the same history and bots on every fresh install. */
export const SIMULATOR_SEED = 20_261_121;
/** The user channel's snapshot lists this many open orders at most (newest first). */
const SNAPSHOT_ORDERS_MAX = 500;

export function symbolInfo(markets: MarketService, r: SpotSymbolRules): MarketSymbolInfo {
  return {
    symbol: r.symbol, category: r.category, baseDecimals: r.baseDecimals, quoteDecimals: r.quoteDecimals, tickSize: r.tickSize,
    lotSize: baseText(r, r.lotMinor), minNotional: quoteText(r, r.minNotionalMinor), referencePrice: markets.referencePrice(r),
  };
}

export function createMarketData(ctx: ServiceContext, src: MarketDataSources): MarketDataServices {
  const { markets } = src;
  const rulesOf = (symbol: string) => markets.catalog.named(symbol);
  const marketData = new MarketDataService(ctx, new KlineStore(ctx));
  const markPrices = new MarkPriceService(ctx, marketData, {
    best(symbol) {
      const r = rulesOf(symbol);
      if (!r) return { bid: null, ask: null };
      // The committed depth (not the book mid-batch): a mark never reflects an uncommitted order.
      const depth = markets.depth(r);
      return { bid: depth.bids[0]?.[0] ?? null, ask: depth.asks[0]?.[0] ?? null };
    },
    levels(symbol, buying, size, excludeUserId) {
      const r = rulesOf(symbol);
      return r ? dealLevels(r, markets.book(r), buying, size, excludeUserId) : [];
    },
  });
  const marketStreams = new MarketStreams(ctx, {
    marketData,
    marks: markPrices,
    events: src.marketEvents,
    depth: {
      depth(symbol) {
        const r = rulesOf(symbol);
        return r ? markets.depth(r) : null;
      },
    },
    trades: { recentTrades: async (symbol, limit) => { const r = rulesOf(symbol); return r ? markets.trades(r, limit) : []; } },
    users: {
      openOrders: async (userId): Promise<SpotOrder[]> =>
        (await src.spotOrderQuery.list(userId, 'open', undefined, { page: 1, limit: SNAPSHOT_ORDERS_MAX, offset: 0 })).data,
      balances: async (userId): Promise<UserBalanceChange[]> => {
        const rows = (await src.ledgerReader.balancesOf(userId)).filter((b) => b.name === COIN_ACCOUNT);
        return rows.flatMap((b) => {
          const currency = markets.catalog.currency(b.currencyId);
          if (!currency) return [];
          return [{ account: b.name, currency_id: b.currencyId, currency: currency.symbol, available: minorToDecimal(b.available, currency.decimals), frozen: minorToDecimal(b.frozen, currency.decimals) }];
        });
      },
    },
  });
  const simulator = new MarketSimulator(ctx, {
    markets, spotOrders: src.spotOrders, events: src.marketEvents, marketData, users: src.users, ledger: src.ledger, ledgerReader: src.ledgerReader,
  }, { seed: SIMULATOR_SEED });
  return { marketData, markPrices, marketStreams, simulator };
}

/**
 * Starts market data after the books are ready: (simulator on) seeds missing chart history, loads
 * candles and replays trades committed after the last write, plugs the live figures into
 * quotations, starts mark prices, streams and (on) the simulator. Answers how to stop it all.
 * `engine: false` (a follower) only loads the symbols.
 */
export async function startMarketData(
  ctx: ServiceContext,
  services: MarketDataServices & { markets: MarketService; marketEvents: MarketEvents; quotations: QuotationService },
  options: { simulator: boolean; pace?: number | undefined; engine?: boolean },
): Promise<{ stop(): Promise<void> }> {
  const { markets, marketData, markPrices, marketStreams, simulator } = services;
  await markets.ready();
  if (options.engine === false) {
    // A follower (engine-lease.ts): it knows the symbols (the streams' checks) but neither replays
    // trades nor writes candles, publishes nothing and runs no simulator; the leader does all that.
    await marketData.load(markets.pairs().map((r) => symbolInfo(markets, r)));
    const watcher = watchPairs(ctx, markets.catalog, async (listed) => {
      await marketData.add(listed.map((r) => symbolInfo(markets, r)));
    });
    return { stop: async () => watcher.stop() };
  }
  if (options.simulator) await seedMissingHistory(ctx, marketData.store, markets, SIMULATOR_SEED);
  await marketData.load(markets.pairs().map((r) => symbolInfo(markets, r)), markets);
  marketData.start(services.marketEvents);
  services.quotations.useSource({ figures: (symbol) => marketData.ticker(symbol), seq: () => marketStreams.tickersSeq() });
  markPrices.start();
  await marketStreams.start();
  if (options.simulator) await simulator.start(true, options.pace);
  // Pairs an operator lists while this runs (ops pair-add): candles, tickers, marks and streams for
  // them; orders, search and the lists read the catalog, which the poll has already updated.
  const watcher = watchPairs(ctx, markets.catalog, async (listed) => {
    await marketStreams.addSymbols(await marketData.add(listed.map((r) => symbolInfo(markets, r))));
  });
  return {
    async stop() {
      watcher.stop();
      await simulator.stop();
      marketStreams.stop();
      markPrices.stop();
      await marketData.stop();
    },
  };
}
