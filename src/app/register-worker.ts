import { Workbox } from 'workbox-window';
import { $updateReady } from '../stores/app-update.ts';
import { $token } from '../stores/session.ts';
import { firstReadsToKeep } from './first-reads-to-keep.ts';

/** A long-open app asks for a new version when it comes back to the foreground, at most this often. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Registers the service worker once the first screen has settled (boot-after-paint.ts), off the
 * critical path: registering starts the precache download. A new version is announced and only takes over when the user accepts; then the
 * page reloads once on the new one.
 */
export function registerWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('./sw.js', { scope: './' });
  wb.addEventListener('waiting', () => {
    $updateReady.set({
      apply: () => {
        wb.addEventListener('controlling', () => location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  // The first install, not an update: the reads this page made before its worker existed went
  // past the worker's caches; it fetches them again through its own routes (Workbox's CACHE_URLS),
  // so the app opens offline with this visit's data. Not awaited: no answer comes if one fails.
  wb.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    const urlsToCache = firstReadsToKeep(performance.getEntriesByType('resource'), { base: new URL('./', location.href).href, token: $token.get() });
    if (urlsToCache.length > 0) void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } }).catch(() => undefined);
  });
  // sw.js can fail to load on a flaky network: the app works on without it, and the next start tries again.
  wb.register().catch(() => undefined);

  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_MS) return;
    lastCheck = Date.now();
    void wb.update().catch(() => undefined);
  });
}
