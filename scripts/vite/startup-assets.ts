import { resolve } from 'node:path';
import { minifySync, type Plugin, type Rolldown } from 'vite';
import { DEFAULT_LOCALE, LOCALES } from '../../contract/locales.ts';
import { readFlags } from '../../src/api/early-reads.ts';
import { routePreload, type PreloadTable } from './route-preload.ts';
import { readRouteManifests } from './route-manifests.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The app's route table (every manifest's routes and their loaders): a chunk of its own, loaded after the start page. */
const ROUTE_TABLE = resolve(ROOT, 'src/app/route-table.ts');

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The CSS files index.html links (inlined into it). */
const INLINED_CSS = /^assets\/(index|boot)-[\w-]+\.css$/;

/** Every file a route's page module needs that index.html does not load already: its chunk, static imports, CSS. */
function routeFiles(bundle: Bundle, chunks: Chunk[], module: string, loaded: Set<string>): string[] {
  const home = chunks.find((chunk) => chunk.moduleIds.includes(module));
  if (!home) throw new Error(`startup assets: no chunk holds ${module}`);
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (fileName: string) => {
    if (seen.has(fileName) || loaded.has(fileName)) return;
    seen.add(fileName);
    files.push(fileName);
    const chunk = bundle[fileName] as Chunk | undefined;
    if (chunk?.type !== 'chunk') return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (INLINED_CSS.test(css) || seen.has(css)) continue;
      seen.add(css);
      files.push(css);
    }
    chunk.imports.forEach(walk);
  };
  walk(home.fileName);
  return files;
}

/**
 * What the first paint and the start screen need, put in index.html so it is fetched with the page
 * instead of one or two round trips after it (on a 400 ms link each round trip is 0.4 s):
 * - the stylesheet, inlined: the shell's bar in index.html paints with the HTML alone. (The file is
 *   still emitted: the byte budget measures it, and lazy chunks name it.)
 * - the start part of the default locale's catalog (scripts/vite/catalog-parts.ts): a first visit
 *   always starts in it (nothing is stored yet), and nothing renders before it. It is in the boot
 *   chunk (src/app/i18n.ts imports it statically), which inline-boot.ts puts in index.html; the
 *   build fails if it is not. Returning users of another locale get theirs
 *   from the worker's cache. Other routes than the start page preload the rest part as well,
 *   unless a stored language says the default catalog is not the one in use.
 * - a small inline script (route-preload.ts) that reads the hash and preloads the opened route's
 *   chunks and styles and starts its first public reads (src/api/early-reads.ts), so they arrive
 *   with the entry instead of after it has run. Each route gets only its own files. It comes first
 *   in the head, so it runs before the rest of the HTML has arrived.
 */
/** `startPage`: the start page's module (absolute): its messages are in the catalog's start part. */
export function startupAssets({ startPage }: { startPage: string }): Plugin {
  return {
    name: 'brisk:startup-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
        // The chunk index.html's module script loads: the entry itself, or, when the boot group holds
        // the entry module (vite.config.ts), the boot chunk (Vite points the tag past an entry chunk
        // that only imports another).
        const entryFile = /<script type="module"[^>]*src="\.\/([^"]+)"/.exec(html)?.[1];
        const entry = chunks.find((chunk) => chunk.fileName === entryFile);
        const catalogRest = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/locales/${DEFAULT_LOCALE}/messages.po?part=rest`));
        if (!entry || !catalogRest) throw new Error('startup assets: entry or default catalog chunks not found');
        // The start part must be in boot (src/app/i18n.ts imports it statically): nothing preloads it.
        if (!entry.moduleIds.some((id) => id.endsWith(`/locales/${DEFAULT_LOCALE}/messages.po?part=start`))) {
          throw new Error(`startup assets: the ${DEFAULT_LOCALE} start catalog is not in ${entry.fileName}`);
        }
        // inline-boot.ts makes sure the entry imports no other chunk.
        const loaded = new Set([entry.fileName]);

        let out = html;
        for (const item of Object.values(bundle)) {
          if (item.type !== 'asset' || !item.fileName.endsWith('.css')) continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="\\./${item.fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
          if (!link.test(out)) continue;
          if (!INLINED_CSS.test(item.fileName)) throw new Error(`startup assets: ${item.fileName} is inlined but INLINED_CSS does not name it`);
          const css = typeof item.source === 'string' ? item.source : new TextDecoder().decode(item.source);
          // The disabled link is never fetched, but the preload helper of lazy chunks that list this
          // file among their styles finds it there and does not fetch it again.
          out = out.replace(link, () => `<style>${css}</style><link rel="stylesheet" href="./${item.fileName}" disabled>`);
        }

        const files: string[] = [];
        const indexOf = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        const table: PreloadTable = { files, routes: {}, reads: {}, locales: [...LOCALES], defaultLocale: DEFAULT_LOCALE };
        // Each page folder's route manifest, imported as modules (route-manifests.ts).
        const manifests = await readRouteManifests();
        const start = manifests.routes.filter((route) => route.start);
        if (start.length === 0 || start.some((route) => route.screen)) throw new Error('startup assets: the manifests name no start route, or a start route with a screen of its own');
        // A start route preloads nothing: its page is in boot.
        if (!entry.moduleIds.includes(startPage)) throw new Error(`startup assets: the start page is not in ${entry.fileName}`);
        // Every route but the start page's waits for the route table (src/app/routes.ts) and the
        // rest of the catalog too.
        const beyondStart = [...routeFiles(bundle, chunks, ROUTE_TABLE, loaded), catalogRest.fileName];
        const filesOf = (module: string) => [...new Set([...routeFiles(bundle, chunks, module, loaded), ...beyondStart])].map(indexOf);
        for (const route of manifests.routes) {
          if (route.start) table.routes[route.path] = [];
          else if (route.screen && route.preload) table.routes[route.path] = filesOf(route.screen);
          if (route.reads.length > 0) table.reads[route.path] = route.reads.map((read) => [read.path, { ...read.params }, readFlags(read)]);
        }
        table.routes['*'] = filesOf(manifests.underDevelopment);
        table.defaultCatalog = indexOf(catalogRest.fileName);

        // Minified like the chunks: it runs on every visit before the first render, so its bytes are on
        // the critical path (scripts/budget.mjs counts them).
        const preloader = minifySync('route-preload.js', `(${routePreload.toString()})(${JSON.stringify(table)})`, {
          compress: { target: 'es2020' },
          mangle: { toplevel: true },
        });
        if (preloader.errors.length > 0 || !preloader.code.includes('localStorage')) {
          throw new Error(`startup assets: the route preloader did not minify: ${preloader.errors.map((error) => error.message).join('; ')}`);
        }
        const script = `<script>${preloader.code.trim()}</script>`;
        // Ahead of the inlined stylesheet: the reads start once the head's first bytes are parsed,
        // not after the stylesheet's 17 kB (4 kB on the wire, 80 ms on the weak link).
        if (!out.includes('</title>')) throw new Error('startup assets: index.html has no </title> to put the route preloader after');
        return out.replace('</title>', () => `</title>\n    ${script}`);
      },
    },
  };
}
