import { fetchCoins, fetchSiteConfig } from '../api/content.ts';
import { fetchUserInfo } from '../api/account.ts';
import { $coins, $siteConfig, $siteName } from '../stores/site.ts';
import { $token, $user } from '../stores/session.ts';

/** Runs once the first frame is on screen, so none of it delays the first paint. */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

function loadSessionUser(): void {
  if (!$token.get()) return;
  fetchUserInfo().then((user) => $user.set(user), () => undefined);
}

export function bootAfterPaint(): void {
  afterPaint(() => {
    fetchSiteConfig().then((config) => {
      $siteConfig.set(config);
      $siteName.set(config.site_name);
    }, () => undefined);
    fetchCoins().then((coins) => $coins.set(coins), () => undefined);
    loadSessionUser();
    $token.listen((token) => {
      if (token) loadSessionUser();
    });
    // The socket client is about 13 kB gzip: it loads here, never on the critical path.
    void import('../realtime/socket-manager.ts').then(({ connectSocket }) => connectSocket());
    void import('./register-worker.ts').then(({ registerWorker }) => registerWorker());
  });
}
