import { lazy } from 'preact/compat';
import type { ComponentType } from 'preact';
import type { MessageDescriptor } from '@lingui/core';
import { ROUTE_PATHS, type RoutePath } from './route-paths.ts';
import { ROUTE_TITLES } from './route-titles.ts';
import { PAGE_LOADERS, underDevelopment } from './page-loaders.ts';

export interface RouteDef extends RoutePath {
  title: MessageDescriptor;
  Page: ComponentType;
}

const lazyCache = new Map<unknown, ComponentType>();
function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  // Routes sharing a module share one lazy component, so the chunk is fetched once.
  let page = lazyCache.get(load);
  if (!page) {
    page = lazy(load);
    lazyCache.set(load, page);
  }
  return page;
}

/** The one route table: data from route-paths.ts, titles, and the lazily loaded page of each. */
export const ROUTES: readonly RouteDef[] = ROUTE_PATHS.map((route) => {
  const title = ROUTE_TITLES[route.path];
  if (!title) throw new Error(`Route ${route.path} has no title`);
  return { ...route, title, Page: lazyPage(PAGE_LOADERS[route.path] ?? underDevelopment) };
});

export const TAB_ROUTES = ROUTES.filter((route) => route.tab);

/** Paths as wouter's patterns compared them: in any case, with or without a trailing slash. */
const routeKey = (path: string) => path.toLowerCase().replace(/(.)\/$/, '$1');
const ROUTE_BY_PATH = new Map(ROUTES.map((route) => [routeKey(route.path), route]));

/**
 * The route of a hash path, or undefined. Every route path is static, so this is a lookup: a
 * wouter Switch tried the hundred patterns in turn on each render (10-16 ms of a first render at
 * 4x CPU, profiled).
 */
export function routeFor(path: string): RouteDef | undefined {
  return ROUTE_BY_PATH.get(routeKey(path));
}
