import { Workbox } from 'workbox-window';
import { $updateReady } from '../stores/app-update.ts';
import { onSessionEnd } from '../stores/session.ts';

/**
 * Registers the service worker (after the first paint, off the critical path). A new version is
 * announced and only takes over when the user accepts; then the page reloads once on the new one.
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
  // The next person on this device must not read the last one's cached balances or orders.
  onSessionEnd(() => navigator.serviceWorker.controller?.postMessage({ type: 'CLEAR_PRIVATE' }));
  void wb.register();
}
