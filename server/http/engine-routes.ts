import { MODULES } from '../modules/modules.ts';

/**
 * Routes whose services need the matching engine's memory, so a follower (a process that does not
 * run the engine; see server/services/engine/engine-lease.ts) forwards them to the leader. Each
 * module lists its own (server/modules/); today's:
 * - spot orders: the books live in the leader (placing and cancelling both match or change them);
 * - live market reads: depth, recent trades, tickers, the current candle and quotations (search,
 *   favourites) are the leader's in-memory figures, a follower's would be frozen at its start;
 * - futures: every /lever route reads mark prices (preview, open at mark, close at mark, stop
 *   checks, unrealised PnL), which only the leader computes;
 * - seconds options: placing one takes the entry mark (the lists and choices read the database);
 * - the exchange: priced from the X/USDT market's mark, target and book (live figures);
 * - transfers between the user's own accounts: one out of a lever or stock account is limited by its
 *   positions' unrealised loss at the marks (futures-margin-guard.ts).
 * Everything else reads or writes the database only and is served by any process.
 */
export const ENGINE_ROUTES: ReadonlySet<string> = new Set(MODULES.flatMap((m) => m.engineRoutes ?? []));
