import type { FastifyInstance } from 'fastify';
import * as market from '../../../contract/endpoints/market.ts';
import { success } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import type { MarketServices } from './market-services.ts';
import { RECENT_TRADES_MAX } from '../../services/market/market-tape.ts';
import { endpointsOn, signedIn } from '../../http/define-route.ts';
import { DONE } from '../../http/envelope.ts';
import { categoryField, pairField } from './market-fields.ts';
import { optionalIdField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type MarketRoutesServices = Pick<Services, 'sessions'> & Pick<MarketServices, 'favourites' | 'marketSearch' | 'markets' | 'quotations'>;

/** Market reads (quotations, pairs, search, depth, trades) and the user's favourites (section 7 "Market"). */
export function registerMarketRoutes(app: FastifyInstance, services: MarketRoutesServices): void {
  const serve = endpointsOn(app, services);

  serve(market.quotations, async (call) => {
    const category = categoryField(call);
    return category.ok ? success(await services.quotations.list(category.value)) : category;
  });

  serve(market.marketSymbols, async (call) => {
    const category = categoryField(call);
    if (!category.ok) return category;
    await services.markets.ready();
    return success(services.markets.symbols(category.value));
  });

  serve(market.searchPairs, async (call) => services.marketSearch.search(call.input.q, call.ip));

  serve(market.hotSearch, async () => success(await services.marketSearch.hot()));

  serve(market.depth, async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    return pair.ok ? success(services.markets.depth(pair.value)) : pair;
  });

  serve(market.trades, async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    if (!pair.ok) return pair;
    const limit = optionalIdField(call, 'limit');
    if (!limit.ok) return limit;
    return success(services.markets.trades(pair.value, Math.min(limit.value ?? 50, RECENT_TRADES_MAX)));
  });

  serve(market.addFavourite, async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    return pair.ok ? services.favourites.add(signedIn(call), pair.value) : pair;
  });

  serve(market.removeFavourite, async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    if (!pair.ok) return pair;
    await services.favourites.remove(signedIn(call), pair.value);
    return success(DONE);
  });

  serve(market.favourites, async (call) => success(await services.favourites.list(signedIn(call))));
}
