import { resolve } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { EarlyRead } from '../../src/lib/route-manifest.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const MANIFESTS = resolve(ROOT, 'src/app/route-manifests.ts');

/** A route of a page folder's manifest, as the build and the end-to-end suite read it. */
export interface ManifestRoute {
  path: string;
  protected: boolean;
  tab: boolean;
  noNavBar: boolean;
  /** Opens the start page (in the boot chunk). */
  start: boolean;
  /** index.html preloads its screen's chunks when a first visit opens it (RouteEntry.preload). */
  preload: boolean;
  /** The screen's module (absolute path), or undefined when the route opens the under-development screen. */
  screen?: string;
  reads: readonly EarlyRead[];
}

export interface Manifests {
  routes: ManifestRoute[];
  /** The module of the under-development screen (absolute path). */
  underDevelopment: string;
}

const STUB_PREFIX = '\0brisk-screen:';
const MACRO_STUB = '\0brisk-lingui-macro';
const ROUTE_DATA = 'virtual:brisk-route-data';

/**
 * Lets Node run the manifests as they are: `msg` (a Lingui macro, compiled away in the app) gives a
 * plain descriptor, and a screen's module (any .tsx file) is a stub that names itself, so a route's
 * loader, called in the runner, answers which module the app would load without loading it.
 */
function manifestStubs(): Plugin {
  return {
    name: 'brisk:manifest-stubs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === ROUTE_DATA) return '\0' + ROUTE_DATA;
      if (source === '@lingui/core/macro') return MACRO_STUB;
      if (source.endsWith('.tsx') && importer) return STUB_PREFIX + resolve(importer, '..', source);
      return null;
    },
    load(id) {
      if (id === '\0' + ROUTE_DATA) {
        // Runs in the runner, which is closed once the import returns: the loaders are called here.
        return `import { ROUTE_MANIFESTS, UNDER_DEVELOPMENT } from ${JSON.stringify(MANIFESTS)};
const moduleOf = async (screen) => {
  const module = await screen.load();
  if (!module.__module) throw new Error('route manifests: the screen ' + screen.name + ' does not load a .tsx module');
  return module.__module;
};
export const routes = await Promise.all(ROUTE_MANIFESTS.flat().map(async (route) => ({
  path: route.path,
  protected: !!route.protected,
  tab: !!route.tab,
  noNavBar: !!route.noNavBar,
  start: !!route.start,
  preload: route.preload !== false,
  screen: route.screen ? await moduleOf(route.screen) : undefined,
  reads: route.reads ?? [],
})));
export const underDevelopment = await moduleOf(UNDER_DEVELOPMENT);`;
      }
      if (id === MACRO_STUB) {
        return 'export const msg = (strings, ...values) => (Array.isArray(strings) ? { id: String.raw({ raw: strings }, ...values), message: String.raw({ raw: strings }, ...values) } : { id: strings.message, ...strings });';
      }
      if (id.startsWith(STUB_PREFIX)) return `export const __module = ${JSON.stringify(id.slice(STUB_PREFIX.length))};`;
      return null;
    },
  };
}

/**
 * Every page folder's route manifest (src/app/route-manifests.ts), imported as modules through Vite's
 * module runner: the build writes index.html's route preloader from them
 * (scripts/vite/startup-assets.ts) and the end-to-end suite walks them.
 */
export async function readRouteManifests(): Promise<Manifests> {
  const { module } = await runnerImport<Manifests>(ROUTE_DATA, {
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    plugins: [manifestStubs()],
    // Every package is external to the runner; the macro's must reach the stub plugin.
    environments: { inline: { resolve: { noExternal: ['@lingui/core'] } } },
  });
  return { routes: [...module.routes], underDevelopment: module.underDevelopment };
}
