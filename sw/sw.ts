/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { PageToWorker } from './cache-names.ts';
import { isContent, isImage, isLazyAsset, isLocaleChunk, isMarket, isPrivate } from './matchers.ts';
import { clearPrivateCache, contentStrategy, endPrivateEpoch, imageStrategy, lazyAssetStrategy, localeStrategy, marketStrategy, privateStrategy } from './strategies.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The shell and every route chunk; the catalogs are cached when first used, so only the active
// locale's is kept rather than all nine, and the chart library once a user opens the chart.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so what it reads from then on is kept for offline
// use. An update still waits for the user (skipWaiting only on SKIP_WAITING).
clientsClaim();

registerRoute(isContent, contentStrategy());
registerRoute(isMarket, marketStrategy());
registerRoute(isPrivate, privateStrategy());
registerRoute(isImage, imageStrategy());
registerRoute(isLocaleChunk, localeStrategy());
// After the precache's own route, so this only sees what the precache left out.
registerRoute(isLazyAsset, lazyAssetStrategy());

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as PageToWorker | undefined;
  // A new version waits until the user accepts it: never a silent skipWaiting.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CLEAR_PRIVATE') {
    endPrivateEpoch();
    event.waitUntil(clearPrivateCache().then(() => event.ports[0]?.postMessage({ type: 'PRIVATE_CLEARED' })));
  }
});
