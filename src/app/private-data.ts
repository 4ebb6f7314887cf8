import { $token, onSessionEnd } from '../stores/session.ts';

/**
 * sw/cache-names.ts names the private cache `brisk-private-v1`; the page cannot import the worker's
 * code, so it deletes by this prefix (tests/unit/service-worker-names.test.ts keeps the two in step).
 */
export const PRIVATE_CACHE_PREFIX = 'brisk-private-';

/**
 * Forgets the signed-in user's cached data: deleted from the page itself (works when no worker
 * controls the page yet, or none is running), and told to every worker of this scope, which also
 * drops answers still in flight from the old session. Resolves when the caches are gone.
 */
export async function clearPrivateData(): Promise<void> {
  const workers = navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => {
      const targets = new Set([registration?.active, registration?.waiting, registration?.installing, navigator.serviceWorker.controller]);
      return Promise.all(
        [...targets].filter((worker): worker is ServiceWorker => !!worker).map((worker) => tellWorker(worker, { type: 'CLEAR_PRIVATE' })),
      );
    })
    .catch(() => undefined);
  const names = 'caches' in self ? await caches.keys().catch(() => [] as string[]) : [];
  await Promise.all(names.filter((name) => name.startsWith(PRIVATE_CACHE_PREFIX)).map((name) => caches.delete(name).catch(() => false)));
  await workers;
}

/** Posts `message` and waits for the answer on its port, or 2 s (a worker that is not running yet). */
function tellWorker(worker: ServiceWorker, message: { type: string }): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 2_000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * From boot on (not only once the worker is registered, which waits for the page to settle): the
 * next person on this device must not read the last one's cached balances or orders, nor may a
 * different account signed in over the old one.
 */
export function wipePrivateDataOnSessionEnd(): void {
  onSessionEnd(() => void clearPrivateData());
  $token.listen((token, previous) => {
    if (token && previous && token !== previous) void clearPrivateData();
  });
}
