import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

const serverPort = process.env.PORT ?? '8080';

export default defineConfig({
  base: './',
  plugins: [
    preact({
      // The Lingui macro runs through the preset's Babel pass, so no React plugin is needed.
      babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
      prerender: { enabled: false },
    }),
    lingui(),
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
