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
