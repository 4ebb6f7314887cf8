import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEFAULT_LOCALE } from './contract/locales.ts';

const serverPort = process.env.PORT ?? '8080';

/**
 * What the first paint and the start screen need, put in index.html so it is fetched with the page
 * instead of one round trip after it (on a 400 ms link each round trip is 0.4 s):
 * - the stylesheet, inlined: the shell's bar in index.html paints with the HTML alone. (The file is
 *   still emitted: the byte budget measures it, and a lazy chunk could ask for it.)
 * - the default locale's catalog: a first visit always starts in it (nothing is stored yet), and
 *   nothing renders before it. Returning users of another locale get theirs from the worker's cache.
 * (The home tab's chunk is not preloaded here: measured, it saved 0.1 s on a weak link and cost every
 * other route 35 kB before its own content. src/app/warm-page.ts starts the opened route's chunk.)
 */
function inlineStartupAssets(): Plugin {
  return {
    name: 'brisk:startup-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const bySource = (suffix: string) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(suffix));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const catalog = bySource(`/locales/${DEFAULT_LOCALE}/messages.po`);
        if (!entry || !catalog) throw new Error('startup assets: entry or default catalog chunk not found');

        // The catalog and its static imports, minus what the entry already brings.
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const preload: string[] = [];
        const walk = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          preload.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(walk);
        };
        walk(catalog.fileName);

        let out = html;
        for (const item of Object.values(bundle)) {
          if (item.type !== 'asset' || !item.fileName.endsWith('.css')) continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="\\./${item.fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
          if (!link.test(out)) continue;
          const css = typeof item.source === 'string' ? item.source : new TextDecoder().decode(item.source);
          out = out.replace(link, () => `<style>${css}</style>`);
        }
        const links = preload.map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`).join('\n    ');
        return out.replace('</head>', `    ${links}\n  </head>`);
      },
    },
  };
}

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

export default defineConfig({
  base: './',
  plugins: [
    preact({
      // The Lingui macro runs through the preset's Babel pass, so no React plugin is needed.
      babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
      prerender: { enabled: false },
    }),
    lingui(),
    inlineStartupAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers the worker itself after the first paint, through workbox-window.
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Catalogs are cached at run time, so only the active locale's is stored, not all nine.
        globIgnores: ['assets/locale-*.js', '**/.vite/**', 'content/**', 'coins/**'],
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
      output: {
        // Catalog chunks get a name of their own so the service worker can tell them apart.
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('/locales/') ? 'assets/locale-[hash].js' : 'assets/[name]-[hash].js'),
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
