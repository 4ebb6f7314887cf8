/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CACHE, type PageToWorker } from './cache-names.ts';
import { isContent, isImage, isLocaleChunk, isMarket, isPrivate } from './matchers.ts';
import { contentStrategy, imageStrategy, localeStrategy, marketStrategy, privateStrategy } from './strategies.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The shell and every route chunk; the catalogs are cached when first used, so only the active
// locale's is kept rather than all nine.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(isContent, contentStrategy());
registerRoute(isMarket, marketStrategy());
registerRoute(isPrivate, privateStrategy());
registerRoute(isImage, imageStrategy());
registerRoute(isLocaleChunk, localeStrategy());

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as PageToWorker | undefined;
  // A new version waits until the user accepts it: never a silent skipWaiting.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CLEAR_PRIVATE') event.waitUntil(caches.delete(CACHE.private));
});
