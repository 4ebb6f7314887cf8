import { INDEX_ROUTES } from '../pages/index/routes.ts';
import { startRoute, type RouteDef } from './route-def.ts';

export type { RouteDef } from './route-def.ts';

/** Paths as wouter's patterns compared them: in any case, with or without a trailing slash. */
const routeKey = (path: string) => path.toLowerCase().replace(/(.)\/$/, '$1');

/**
 * The routes known so far, by path: the start page's from the boot chunk, the others once the route
 * table (every page folder's manifest, route-table.ts) has loaded. Every route path is static, so
 * this is a lookup: a wouter Switch tried the hundred patterns in turn on each render (10-16 ms of a
 * first render at 4x CPU, profiled).
 */
const known = new Map(INDEX_ROUTES.map((route) => [routeKey(route.path), startRoute(route)]));
let table: Promise<void> | undefined;
let tableLoaded = false;

/** The route of a hash path, or undefined: no such route, or not known until the route table has loaded. */
export function routeFor(path: string): RouteDef | undefined {
  return known.get(routeKey(path));
}

/** Whether `path` opens the start page, whose route the boot chunk has. */
export function isStartPath(path: string): boolean {
  return INDEX_ROUTES.some((route) => routeKey(route.path) === routeKey(path));
}

/** The route table's chunk, which index.html preloads for every route but the start page's. */
export const routeTableModule = () => import('./route-table.ts');

/** Whether routeFor knows every route: a path it does not find then is no route. */
export function routeTableLoaded(): boolean {
  return tableLoaded;
}

/**
 * Loads the route table. Its titles are in the catalog's start part, like the shell's messages (a
 * screen's own messages wait for the rest: route-table.ts). The home tab does not wait for it: the
 * app loads it after the first screen (boot-after-paint.ts), or before the first render when that
 * screen is another (main.tsx). A failed load is tried again by the next call.
 */
export function loadRouteTable(): Promise<void> {
  table ??= routeTableModule().then(
    ({ ROUTE_TABLE }) => {
      for (const route of ROUTE_TABLE) known.set(routeKey(route.path), route);
      tableLoaded = true;
    },
    (error: unknown) => {
      table = undefined;
      throw error;
    },
  );
  return table;
}
