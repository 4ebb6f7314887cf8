import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { lingui } from '@lingui/vite-plugin';

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
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/uploads': `http://127.0.0.1:${serverPort}`,
      '/socket.io': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});
