import { lazy } from 'preact/compat';
import type { ComponentType } from 'preact';
import type { MessageDescriptor } from '@lingui/core';
import type { RouteEntry } from '../lib/route-manifest.ts';
import { HomePage } from '../pages/index/home-page.tsx';

/** A route as the shell draws it: its manifest entry's data, and the component of its screen. */
export interface RouteDef {
  path: string;
  protected: boolean;
  tab?: true;
  noNavBar?: true;
  title: MessageDescriptor;
  Page: ComponentType;
}

/** A screen loaded on demand, as preact/compat's lazy wants it. */
export const lazyScreen = (load: () => Promise<ComponentType>): ComponentType => lazy(() => load().then((Page) => ({ default: Page })));

/**
 * A route that opens the start page. The start page is in the boot chunk, which index.html carries
 * inline (scripts/vite/inline-boot.ts): a first visit renders it without asking for another file.
 * Imported by name: a namespace object or a dynamic import of a boot module would need the bundler's
 * runtime helpers in a chunk of their own.
 */
export const startRoute = (route: RouteEntry): RouteDef => ({ path: route.path, protected: !!route.protected, tab: route.tab, noNavBar: route.noNavBar, title: route.title, Page: HomePage });
