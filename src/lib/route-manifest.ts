/**
 * The shape of a page folder's route manifest (src/pages/<folder>/routes.ts): every route of section 2
 * that the folder draws, as data. src/app/route-manifests.ts lists the manifests; the app builds its
 * route table from them (src/app/routes.ts, route-table.ts), index.html's route preloader gets each
 * route's files and first reads from them (scripts/vite/startup-assets.ts, which imports them), and
 * the end-to-end suite walks them.
 */

import type { EndpointAt } from '../../contract/endpoints/all-endpoints.ts';

export type EarlyParams = Readonly<Record<string, string | number>>;

/** A GET a screen starts from, which index.html asks for before any script has loaded (src/api/early.ts). */
export interface EarlyRead {
  /** An endpoint of contract/endpoints/ that answers GET. */
  path: EndpointAt<string, 'read' | 'get'>['path'];
  params: EarlyParams;
  /** The answer is a news page whose first item's thumbnail is the screen's largest image: fetch it as soon as it is known. */
  firstImage?: true;
  /** The user's own data: read only with a session token (sent as the API client sends it). */
  signedIn?: true;
}

/** A Lingui message descriptor, as `msg` makes it (typed here without the package: src/lib imports none). */
export interface TitleDescriptor {
  id: string;
  message?: string;
}

/** The module of a screen, loaded on demand, and the name of its component there. */
export interface ScreenModule {
  load: () => Promise<object>;
  name: string;
}

/** `screen(() => import('./x-page.tsx'), 'XPage')`: typed, so the name must be an export of the module. */
export const screen = <M extends object>(load: () => Promise<M>, name: keyof M & string): ScreenModule => ({ load, name });

export interface RouteEntry {
  /** The hash path, exactly as section 2 of the spec gives it. */
  path: string;
  /** It shows or changes the user's own data, so it needs a stored token (the guard in src/app/screen.tsx). */
  protected?: true;
  /** The navigation bar's title. */
  title: TitleDescriptor;
  /**
   * The screen, loaded with the route. Without it (and without `start`) the route opens the
   * "Feature under development" screen.
   */
  screen?: ScreenModule;
  /** Opens the start page, which is in the boot chunk (src/app/routes.ts). */
  start?: true;
  /** The reads the screen starts from, asked for by index.html before any script has loaded. */
  reads?: readonly EarlyRead[];
  /** One of the five bottom tabs (src/app/tab-bar.tsx lists them, in their order). */
  tab?: true;
  /** The web-view page draws no navigation bar of its own. */
  noNavBar?: true;
  /**
   * false: index.html does not preload this screen's chunks when a first visit opens the route
   * (the route table loads it, a round trip later). A product's inner screens, which a first visit
   * rarely opens, keep their entries out of the preloader, which every visit runs.
   */
  preload?: false;
}

export type RouteManifest = readonly RouteEntry[];
