import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startupAssets } from './scripts/vite/startup-assets.ts';
import { catalogParts } from './scripts/vite/catalog-parts.ts';
import { inlineBoot } from './scripts/vite/inline-boot.ts';

const serverPort = process.env.PORT ?? '8080';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (after the worker is
 * built, so sw.js gets them too). A static server that serves precompressed files (for example
 * @fastify/static with `preCompressed: true`) then sends about a third of the bytes at no CPU cost per
 * request: on a 400 kbit/s link that is most of a first visit (bench/README.md).
 */
function precompress(): Plugin {
  let outDir = '';
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'brisk:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!TEXT.test(file)) continue;
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

/** Every module `from` imports statically, directly or not, `from` included. */
function staticGraph(ctx: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
};

const ENTRY = resolve(import.meta.dirname, 'src/main.tsx');
/** The fiat rates store and idb-keyval, which only it uses (see the fiat-store group). */
const FIAT_STORE = /[\\/]src[\\/]stores[\\/]fiat\.ts$|[\\/]node_modules[\\/]idb-keyval[\\/]/;
/** The home tab: where a first visit, the installed app and most links open (issue 6). */
const START_PAGE = resolve(import.meta.dirname, 'src/pages/index/home-page.tsx');
const PAGES = resolve(import.meta.dirname, 'src/pages');

/**
 * What the chunking works out once per pass (every group's name function asks for every module):
 * the pass hands out the same module-info objects, so the entry's is the key.
 */
interface PassCache {
  boot?: Set<string>;
  shared: Map<string, string | null>;
}
const passes = new WeakMap<object, PassCache>();
function passCache(ctx: ModuleGraph): PassCache {
  const entryInfo = ctx.getModuleInfo(ENTRY);
  if (!entryInfo) return { shared: new Map() };
  let cache = passes.get(entryInfo);
  if (!cache) passes.set(entryInfo, (cache = { shared: new Map() }));
  return cache;
}

/**
 * The modules of the boot chunk: what the entry (src/main.tsx) imports statically, directly or not.
 * That includes the home tab's page (src/app/route-def.ts) and the default locale's start
 * catalog (src/app/i18n.ts): index.html carries the chunk inline (scripts/vite/inline-boot.ts), so
 * a first visit to the start page asks for no file before its first render.
 */
function bootModules(ctx: ModuleGraph): Set<string> {
  const cache = passCache(ctx);
  if (!cache.boot) {
    cache.boot = staticGraph(ctx, ENTRY);
    if (!cache.boot.has(START_PAGE)) throw new Error('vite config: the entry no longer imports the start page statically (src/app/route-def.ts)');
  }
  return cache.boot;
}

/** The page folders of the market tab and of the home tab that shows movers. */
const MARKET_AREAS = new Set(['index', 'market']);
/**
 * The trading products' page folders, which share code among themselves: spot (coin trading, the
 * trade tab that opens on it, spot orders), futures and options.
 */
const TRADING_AREAS = new Set(['spot', 'futures', 'options']);
/** The product modules' page folders: the earn hub and its products, and copy trading. */
const PRODUCT_AREAS = new Set(['financial', 'invest', 'dual', 'lockming', 'ieo', 'copytrade']);

/** What pageAreas answers for a module the app itself reaches (the entry, after-paint work). */
const APP_AREA = '*';

/**
 * The areas whose screens import `id`, directly or through other modules: a page folder
 * (src/pages/<folder>). src/pages/shared is a path, not a screen, and is walked through; APP_AREA
 * when a chain of importers ends outside any screen.
 */
function pageAreas(ctx: ModuleGraph, id: string, seen = new Set<string>()): Set<string> {
  const areas = new Set<string>();
  if (seen.has(id)) return areas;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
  if (importers.length === 0) areas.add(APP_AREA);
  for (const importer of importers) {
    const area = importer.startsWith(PAGES) ? importer.slice(PAGES.length + 1).split(/[\\/]/)[0]! : null;
    if (area && area !== 'shared') areas.add(area);
    else for (const a of pageAreas(ctx, importer, seen)) areas.add(a);
  }
  return areas;
}

/**
 * Code that several screens may share: helpers, UI, API calls, stores, the stream hooks, the parts one
 * screen lends another (a pair picker, an order row, the shared page parts) and the contract's
 * constants. A module only ever imported on demand (a screen, the socket client, the chart) keeps a
 * chunk of its own: grouped, it would load with its group instead of when it is asked for.
 */
const SHARED_CODE = /[\\/](src[\\/](lib|ui|api|stores|realtime|pages)|contract)[\\/]/;

/**
 * Which of the shared chunks a small shared module goes in, by the screens that use it: spot
 * trading alone; spot and the other trading screens; futures and options without spot; the market,
 * home and trading tabs; one product module's screens, or several products' (earn, copy trading);
 * the account and money screens; both sides. As one chunk, a trading screen fetched the sign-up,
 * upload and address-book code of the account screens with it, and they the depth book and order
 * maths (bench/README.md, session 11); in account-shared, the finance tab fetched copy trading's and
 * IEO's code (session 39). Per chunk, a screen waits for one more
 * request; on HTTP/1.1 each one beyond a connection's first costs a round trip (session 12).
 */
function sharedChunk(ctx: ModuleGraph, id: string): string | null {
  const known = passCache(ctx).shared;
  if (!known.has(id)) known.set(id, chooseSharedChunk(ctx, id));
  return known.get(id)!;
}

function chooseSharedChunk(ctx: ModuleGraph, id: string): string | null {
  if (bootModules(ctx).has(id) || !SHARED_CODE.test(id)) return null;
  const info = ctx.getModuleInfo(id);
  if (info && info.importers.length === 0 && info.dynamicImporters.length > 0) return null;
  const areas = [...pageAreas(ctx, id)];
  if (areas.length === 0 || areas.includes(APP_AREA)) return 'shared';
  if (areas.every((area) => TRADING_AREAS.has(area))) {
    if (!areas.includes('spot')) return 'derivatives-shared';
    return areas.length === 1 ? 'spot-shared' : 'trade-shared';
  }
  const market = (area: string) => MARKET_AREAS.has(area) || TRADING_AREAS.has(area);
  if (areas.every(market)) return 'market-shared';
  if (areas.every((area) => PRODUCT_AREAS.has(area))) return areas.length === 1 ? `${areas[0]}-shared` : 'products-shared';
  if (!areas.some(market)) return 'account-shared';
  return 'shared';
}

export default defineConfig({
  base: './',
  plugins: [
    preact({
      // The Lingui macro runs through the preset's Babel pass, so no React plugin is needed.
      babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
      prerender: { enabled: false },
    }),
    lingui(),
    catalogParts({ entry: ENTRY, pages: PAGES + sep, startPages: [dirname(START_PAGE) + sep, join(PAGES, 'shared') + sep] }),
    startupAssets({ startPage: START_PAGE }),
    inlineBoot({ entry: ENTRY }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers the worker itself after the first paint, through workbox-window.
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Catalogs are cached at run time, so only the active locale's is stored, not all nine. So
        // is the chart library (45 kB of a 210 kB precache; the worker fetches its precache one
        // file after another, over a minute on a 400 kbit/s link): it is fetched when a user opens
        // the chart, and kept then (sw/strategies.ts lazyAssetStrategy).
        globIgnores: ['assets/locale-*.js', 'assets/kline-chart-*', '**/.vite/**', 'content/**', 'coins/**'],
      },
      manifest: {
        id: './',
        name: 'Brisk',
        short_name: 'Brisk',
        description: 'Fast crypto and stock trading for every phone and every network.',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1e6fff',
        background_color: '#f5f7fa',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: {
      // wouter imports the CommonJS shim, which would drag real React in; preact/compat has the hook.
      'use-sync-external-store/shim/index.js': 'preact/compat',
      'use-sync-external-store/shim': 'preact/compat',
    },
  },
  build: {
    target: 'es2020',
    outDir: 'dist',
    // The byte-budget check reads the manifest to find the entry chunk and its static imports.
    manifest: true,
    assetsInlineLimit: 2048,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      // Class fields as plain assignments: with defineProperty the boot carried four helpers for
      // three small classes, none of which shadows a setter.
      transform: { assumptions: { setPublicClassFields: true } },
      output: {
        // Catalog chunks get a name of their own so the service worker can tell them apart;
        // ky gets its own name (its chunk would be named after its folder, `distribution`).
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/locales/')
            ? 'assets/locale-[hash].js'
            : chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]ky[\\/]/.test(id))
              ? 'assets/ky-[hash].js'
              : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // The entry and what it and the start page need (bootModules), as one chunk: index.html's
            // script loads it (Vite points the tag past the entry chunk left with nothing but an import
            // of it, and drops that). Import its modules statically: a dynamic import of one of
            // them needs the bundler's runtime helpers in boot, which no group can capture, and they
            // then become one more chunk that index.html waits for.
            { name: (id, ctx) => (bootModules(ctx).has(id) ? 'boot' : null), priority: 5 },
            // Small modules several screens share, in a few chunks by the screens that use them
            // (sharedChunk): left to itself the bundler made 126 chunks, half of them under 1 kB, and
            // a trading screen waited for 40 of them. The chunks of the widest use go first, so the
            // modules they depend on (a group takes its modules' dependencies along) land with them,
            // not in a narrower chunk that a screen of the wider set would then fetch as well.
            ...['shared', 'market-shared', 'trade-shared'].map((chunk, at) => ({
              name: (id: string, ctx: ModuleGraph) => (sharedChunk(ctx, id) === chunk ? chunk : null),
              minShareCount: 2,
              maxModuleSize: 6000,
              priority: 4 - at,
            })),
            { name: (id, ctx) => sharedChunk(ctx, id), minShareCount: 2, maxModuleSize: 6000, priority: 1 },
            // The fiat rates store and its IndexedDB helper: the app starts them after the first screen
            // (app/fiat-sync.ts) and the money screens show them. Too big for the shared groups, the
            // store was taken along into account-shared, so every first visit fetched and ran the
            // account screens' 14 kB two seconds after its load.
            { name: (id) => (FIAT_STORE.test(id) ? 'fiat-store' : null), priority: 3.5 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/uploads': `http://127.0.0.1:${serverPort}`,
      '/socket.io': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});
