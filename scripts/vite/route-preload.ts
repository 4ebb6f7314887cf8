/** The build's table for the inline route preloader: file names once, routes as indexes into them. */
export interface PreloadTable {
  files: string[];
  /** Hash path -> files to preload; '*' for a path with no screen of its own. */
  routes: Record<string, number[]>;
  /**
   * Hash path -> GETs to start: [api path, query parameters, flags: 1 when the answer's first item's
   * thumbnail is the screen's largest image, 2 when only a signed-in user reads it] (readFlags in
   * src/api/early-reads.ts).
   */
  reads: Record<string, [string, Record<string, string | number>, number][]>;
  locales: string[];
  defaultLocale: string;
  /** The file index of the default locale's rest part: not preloaded when another locale is in use. */
  defaultCatalog?: number;
}

declare global {
  interface Window {
    __briskEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * Runs inline in index.html's head, before any module has loaded; the build writes this function's
 * source there with the table as its argument, so it must use nothing from outside itself. It reads
 * the hash route the way src/lib/hash-route.ts does, adds preload links for that route's chunks and
 * styles, and starts its first reads with the URL, language and token src/api/early.ts will use,
 * leaving the responses in `window.__briskEarly` for it. Anything unexpected: it does nothing more,
 * and the app loads the rest itself.
 */
export function routePreload(table: PreloadTable): void {
  try {
    const raw = location.hash.replace(/^#?\/?/, '/');
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const files = table.routes[path] || table.routes['*'] || [];
    let lang = localStorage.getItem('lang');
    if (!lang || table.locales.indexOf(lang) < 0) lang = table.defaultLocale;
    for (let i = 0; i < files.length; i++) {
      if (files[i] === table.defaultCatalog && lang !== table.defaultLocale) continue;
      const file = table.files[files[i]!]!;
      const link = document.createElement('link');
      if (/\.css$/.test(file)) {
        // Fetched now, applied by the chunk that needs it (a stylesheet link here would apply early).
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      // In CORS mode like the loader's own link for the same file (Vite's preload helper sets
      // crossorigin on stylesheets too): a preload in another mode is not reused, and the file
      // would be fetched twice.
      link.crossOrigin = '';
      link.href = './' + file;
      document.head.appendChild(link);
    }
    const reads = table.reads[path];
    if (!reads) return;
    const token = localStorage.getItem('token');
    const early: Record<string, Promise<Response> | undefined> = (window.__briskEarly = {});
    for (let i = 0; i < reads.length; i++) {
      const flags = reads[i]![2];
      if (flags & 2 && !token) continue;
      const url = new URL('api/' + reads[i]![0].replace(/^\/+/, ''), location.origin + location.pathname);
      const params = reads[i]![1];
      for (const key in params) url.searchParams.append(key, String(params[key]));
      url.searchParams.append('lang', lang);
      const answer = fetch(url.href, { headers: token ? { Authorization: token } : {} });
      // Offline, nobody may take it: a rejection nobody handles would be reported as an error.
      answer.catch(() => undefined);
      early[url.href] = answer;
      if (flags & 1) {
        // The largest image of the screen (home's first banner), as soon as its address is known;
        // server paths as src/api/asset-url.ts makes them.
        answer
          .then((response) => response.clone().json())
          .then((envelope: { message?: { data?: { thumbnail?: string }[] } }) => {
            const path = envelope.message?.data?.[0]?.thumbnail;
            if (!path) return;
            new Image().src = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(path) ? path : location.origin + (path.charAt(0) === '/' ? path : '/' + path);
          })
          .catch(() => undefined);
      }
    }
  } catch {
    // Storage or URL trouble: the app's own boot fetches what it needs.
  }
}
