import { MODULES } from '../modules/modules.ts';
import { routeOf } from './define-route.ts';

/**
 * Routes whose services need the matching engine's memory (books, marks, live figures), so a
 * follower (a process that does not run the engine; see server/services/engine/engine-lease.ts)
 * forwards them to the leader. Each module lists its own, with why, on its face (server/modules/);
 * every other route reads or writes the database only and is served by any process.
 */
export const ENGINE_ROUTES: ReadonlySet<string> = new Set(MODULES.flatMap((m) => (m.engineRoutes ?? []).map((endpoint) => routeOf(endpoint).url)));
