import type { EarlyRead, ScreenModule } from '../lib/route-manifest.ts';
import { restOfCatalog } from './i18n.ts';
import { lazyScreen, startRoute, type RouteDef } from './route-def.ts';
import { ROUTE_MANIFESTS, UNDER_DEVELOPMENT } from './route-manifests.ts';

/**
 * A screen's lazy component. Every screen but the start page renders only once the rest of the
 * catalog is there too (app/i18n.ts): the start page's messages are in the part the first paint
 * waited for.
 */
const page = (screen: ScreenModule) =>
  lazyScreen(() => Promise.all([screen.load(), restOfCatalog()]).then(([module]) => (module as Record<string, RouteDef['Page']>)[screen.name]!));

/**
 * What warm-page.ts starts at boot for the route of `path` (exactly as written, like the preloader in
 * index.html): its screen's module and its first reads; undefined for a path that is no route.
 */
export function routeWarmUp(path: string): { screen?: Promise<object>; ownScreen: boolean; reads: readonly EarlyRead[] } | undefined {
  const route = ROUTE_MANIFESTS.flat().find((entry) => entry.path === path);
  if (!route) return undefined;
  const screen = route.start ? undefined : (route.screen ?? UNDER_DEVELOPMENT).load();
  return { screen, ownScreen: !!route.screen, reads: route.reads ?? [] };
}

/**
 * The whole route table, from every page folder's manifest: a chunk of its own, which the app loads
 * after the first screen, or before it when that screen is not the start page (routes.ts).
 */
export const ROUTE_TABLE: readonly RouteDef[] = ROUTE_MANIFESTS.flat().map((route) =>
  route.start
    ? startRoute(route)
    : { path: route.path, protected: !!route.protected, tab: route.tab, noNavBar: route.noNavBar, title: route.title, Page: page(route.screen ?? UNDER_DEVELOPMENT) },
);
