import type { FastifyInstance } from 'fastify';
import { success } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import { RECENT_TRADES_MAX } from '../../services/market/market-tape.ts';
import { defineRoute, signedIn, type RouteSpec } from '../define-route.ts';
import { DONE } from '../envelope.ts';
import { categoryField, pairField } from '../market-fields.ts';
import { optionalIdField } from '../money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type MarketRoutesServices = Pick<Services, 'favourites' | 'marketSearch' | 'markets' | 'quotations' | 'sessions'>;

// Reads are harmless, so GET and POST both work: the spec names the method, clients vary.
const READ = ['GET', 'POST'] as const;

/** Market reads (quotations, pairs, search, depth, trades) and the user's favourites (section 7 "Market"). */
export function registerMarketRoutes(app: FastifyInstance, services: MarketRoutesServices): void {
  const read = <T>(url: string, handler: RouteSpec<T>['handler']) => defineRoute<T>(app, services, { method: [...READ], url, handler });
  const own = <T>(method: RouteSpec<T>['method'], url: string, handler: RouteSpec<T>['handler']) => defineRoute<T>(app, services, { method, url, auth: 'required', handler });

  read('/api/currency/quotation_new', async (call) => {
    const category = categoryField(call);
    return category.ok ? success(await services.quotations.list(category.value)) : category;
  });

  read('/api/market/symbols', async (call) => {
    const category = categoryField(call);
    if (!category.ok) return category;
    await services.markets.ready();
    return success(services.markets.symbols(category.value));
  });

  read('/api/market/search', async (call) => services.marketSearch.search(call.input.q, call.ip));

  read('/api/market/hot_search', async () => success(await services.marketSearch.hot()));

  read('/api/market/depth', async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    return pair.ok ? success(services.markets.depth(pair.value)) : pair;
  });

  read('/api/market/trades', async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    if (!pair.ok) return pair;
    const limit = optionalIdField(call, 'limit');
    if (!limit.ok) return limit;
    return success(services.markets.trades(pair.value, Math.min(limit.value ?? 50, RECENT_TRADES_MAX)));
  });

  own('POST', '/api/optional/add', async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    return pair.ok ? services.favourites.add(signedIn(call), pair.value) : pair;
  });

  own('POST', '/api/optional/del', async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    if (!pair.ok) return pair;
    await services.favourites.remove(signedIn(call), pair.value);
    return success(DONE);
  });

  own([...READ], '/api/optional/list', async (call) => success(await services.favourites.list(signedIn(call))));
}
