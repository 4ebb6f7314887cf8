import { fetchCoins, fetchSiteConfig } from '../api/content.ts';
import { afterPaint } from '../lib/after-paint.ts';
import { importUntilLoaded } from '../lib/try-again.ts';
import { loadSocketManager } from '../realtime/load-socket-manager.ts';
import { whenIdleEach } from '../lib/when-idle-each.ts';
import { $coins, $siteConfig, $siteName } from '../stores/site.ts';
import { $token, $user, REVOKE_KEY } from '../stores/session.ts';
import { readStored } from '../lib/device-storage.ts';
import { restOfCatalog } from './i18n.ts';
import { loadRouteTable } from './routes.ts';
import { firstScreenSettled } from './warm-page.ts';

/** How long after the load event the screen's own chunk and data keep the network to themselves. */
export const SETTLE_MS = 1500;

/**
 * Runs work the first screen does not need (the socket, the service worker and its precache, fiat
 * rates) once the page has loaded, the screen had SETTLE_MS for its own requests, and the main
 * thread is idle: on a weak link these downloads would otherwise compete with what the user waits for.
 * Each job has an idle period of its own: together they were one task of 16-19 ms on this machine
 * (70 ms at a phone's 4x), long enough to hold up a tap two seconds after the load.
 */
function whenSettled(tasks: (() => void)[]): void {
  // Offline, the modules they load cannot come, and a module that failed to load once fails again
  // for the rest of the page's life: a job that finds the page offline waits for the network.
  const online = (task: () => void) => () => (navigator.onLine ? task() : addEventListener('online', () => task(), { once: true }));
  const start = () => setTimeout(() => whenIdleEach(tasks.map(online), 2000), SETTLE_MS);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

// The API client and the content calls are in the boot chunk (vite.config.ts bootModules), so
// they are imported statically: a dynamic import of a boot module would split the bundler's runtime
// helpers into one more file for index.html to wait for. The account calls load when a session needs them.
const accountApi = () => import('../api/account.ts');

function loadSessionUser(): void {
  if (!$token.get()) return;
  accountApi()
    .then(({ fetchUserInfo }) => fetchUserInfo())
    .then((user) => $user.set(user), () => undefined);
}

/** Work for after the first screen's content: its own chunk and reads go first (warm-page.ts). */
function afterFirstScreen(task: () => void): void {
  void firstScreenSettled().then(() => afterPaint(task));
}

export function bootAfterPaint(): void {
  afterFirstScreen(() => {
    // The other screens' routes and messages: the next screen opened then waits for nothing, and
    // the worker keeps them for offline use.
    restOfCatalog().catch(() => undefined);
    loadRouteTable().catch(() => undefined);
    fetchSiteConfig().then((config) => {
      $siteConfig.set(config);
      $siteName.set(config.site_name);
    }, () => undefined);
    loadSessionUser();
    $token.listen((token) => {
      if (token) loadSessionUser();
    });
  });
  whenSettled([
    // The socket client is about 13 kB gzip: it loads here, never on the critical path.
    // These chunks are tried until they load: a lost response on a first visit must not cost the
    // visit its stream, its offline worker or its rates.
    () => void loadSocketManager().then(({ connectSocket }) => connectSocket()),
    () => void fetchCoins().then((coins) => $coins.set(coins), () => undefined),
    // Registering starts the precache download (the shell and every route chunk).
    () => void importUntilLoaded(() => import('./register-worker.ts')).then(({ registerWorker }) => registerWorker()),
    // Fiat rates from IndexedDB (idb-keyval), refreshed when older than 24 h.
    () => void importUntilLoaded(() => import('./fiat-sync.ts')).then(({ startFiatSync }) => startFiatSync()),
    // A logout the server never heard of (the network was lost, or the app closed first).
    () => {
      if (readStored(REVOKE_KEY) !== null) void importUntilLoaded(() => import('../api/session-revocation.ts')).then(({ flushRevocations }) => flushRevocations());
    },
  ]);
}
