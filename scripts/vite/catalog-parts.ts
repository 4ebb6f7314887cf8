import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';

/** `locales/<locale>/messages.po?part=start` or `?part=rest` (src/app/i18n.ts imports them). */
const PART = /[\\/]locales[\\/]([^\\/]+)[\\/]messages\.po\?part=(start|rest)$/;
/** What the module exports until its chunk is rendered, when the chunk graph says which messages go where. */
const PLACEHOLDER = '__BRISK_CATALOG_PART__';

type CompiledMessages = Record<string, unknown>;
interface Compiled {
  messages: CompiledMessages;
  /** Message id -> the source files that use it (the catalog's origins). */
  origins: Map<string, string[]>;
}

export interface CatalogPartsOptions {
  /** The app's entry module. */
  entry: string;
  /** The folder of the page modules (src/pages). */
  pages: string;
  /** The page folders the start page's modules are in (src/pages/index: the home tab; src/pages/shared). */
  startPages: string[];
}

/**
 * Splits each locale's catalog in two chunks: `start`, the messages of everything the app can show
 * without opening a screen other than the start page, and `rest`, every other message. A first
 * visit to the home tab waits for the start part alone (about a third of the messages); the rest
 * arrives after the first paint, and every other screen waits for it (src/app/i18n.ts,
 * src/app/route-table.ts).
 *
 * "Everything the app can show" is the module graph from the entry, following static and dynamic
 * imports (the shell, the after-paint modules, the home tab's lazy blocks) but entering no page
 * module outside the start page's folders (its own, and the one pages share, reached only through
 * it). A message is in the start part when any of the source files its catalog entry names is in
 * that graph. The graph is complete only once the bundler has
 * split the code, so the part modules export a placeholder until their chunk is rendered, and
 * renderChunk writes the messages in (before the file names are hashed, so a part's name follows
 * its content).
 */
export function catalogParts(options: CatalogPartsOptions): Plugin {
  let config: LinguiConfigNormalized | undefined;
  let building = false;
  const compiled = new Map<string, Promise<Compiled>>();
  let start: Set<string> | undefined;

  const compile = (locale: string, file: string): Promise<Compiled> => {
    let result = compiled.get(locale);
    if (result) return result;
    result = (async () => {
      config ??= getConfig({ cwd: resolve(import.meta.dirname, '../..') });
      const found = getCatalogForFile(relative(config.rootDir ?? '.', file), await getCatalogs(config));
      if (!found) throw new Error(`catalog parts: ${file} is not one of lingui.config.ts's catalogs`);
      const { messages } = await found.catalog.getTranslations(found.locale, { fallbackLocales: config.fallbackLocales!, sourceLocale: config.sourceLocale! });
      const { source, errors } = createCompiledCatalog(found.locale, messages, { namespace: 'json' });
      if (errors.length > 0) throw new Error(`catalog parts: ${errors.length} messages of ${found.locale} do not compile, the first: ${errors[0]!.id}`);
      const entries = (await found.catalog.read(found.locale)) ?? {};
      const origins = new Map(Object.entries(entries).map(([id, entry]) => [id, (entry.origin ?? []).map(([path]) => path)]));
      return { messages: (JSON.parse(source) as { messages: CompiledMessages }).messages, origins };
    })();
    compiled.set(locale, result);
    return result;
  };

  return {
    name: 'brisk:catalog-parts',
    enforce: 'pre',
    configResolved(resolved) {
      building = resolved.command === 'build';
    },
    async transform(_code, id) {
      const part = PART.exec(id);
      if (!part) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const { messages } = await compile(part[1]!, file);
      // The dev server and the unit tests render no chunks: the start part carries every message.
      if (!building) return { code: `export const messages = ${JSON.stringify(part[2] === 'start' ? messages : {})};`, map: null, moduleType: 'js' };
      // A bare identifier survives minification as it is; renderChunk replaces it.
      return { code: `export const messages = ${PLACEHOLDER};`, map: null, moduleType: 'js' };
    },
    buildStart() {
      start = undefined;
      compiled.clear();
    },
    watchChange(id) {
      // An edited catalog (a translator's fix while the dev server runs) is compiled again.
      if (id.endsWith('.po')) compiled.clear();
    },
    async renderChunk(code, chunk) {
      // A part is a chunk of its own, or the default locale's start part sits in the boot chunk.
      const ids = chunk.moduleIds.filter((id) => PART.test(id));
      if (ids.length === 0) return null;
      if (ids.length > 1) throw new Error(`catalog parts: ${chunk.fileName} holds ${ids.length} catalog parts; one chunk can carry one`);
      const id = ids[0]!;
      const part = PART.exec(id)!;
      if (!code.includes(PLACEHOLDER)) throw new Error(`catalog parts: the placeholder is missing from ${chunk.fileName}`);
      const { messages, origins } = await compile(part[1]!, id.slice(0, id.indexOf('?')));
      const inStartGraph = (start ??= startFiles(this, options));
      const wanted = part[2] === 'start';
      const picked: CompiledMessages = {};
      for (const [id, message] of Object.entries(messages)) {
        const inStart = (origins.get(id) ?? []).some((path) => inStartGraph.has(path));
        if (inStart === wanted) picked[id] = message;
      }
      return { code: code.replace(PLACEHOLDER, `JSON.parse(${JSON.stringify(JSON.stringify(picked))})`), map: null };
    },
  };
}

/** src/pages/<folder>/routes.ts */
const ROUTE_MANIFEST = /[\\/]routes\.ts$/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };

/** The source files (relative to the project, as catalogs name them) of the start graph (see catalogParts). */
export function startFiles(graph: ModuleGraph, { entry, pages, startPages }: CatalogPartsOptions): Set<string> {
  const root = resolve(import.meta.dirname, '../..');
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    // A page folder's route manifest names its routes' titles, which the shell draws (the nav bar)
    // before the screen: in the start part, like the shell's own messages.
    if (id.startsWith(pages) && !startPages.some((folder) => id.startsWith(folder)) && !ROUTE_MANIFEST.test(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (info) queue.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  if (![...seen].some((id) => id.startsWith(startPages[0]!))) throw new Error(`catalog parts: nothing under ${startPages[0]} is reached from ${entry}`);
  return new Set([...seen].filter((id) => id.startsWith(root) && !id.includes('/node_modules/')).map((id) => relative(root, id).split('\\').join('/')));
}
