import type { Page } from '../../contract/envelope.ts';
import type { NewsItem } from '../../contract/api/content.ts';
import { assetUrl } from '../api/asset-url.ts';
import { loadKy, type Served } from '../api/client.ts';
import { getEarly } from '../api/early.ts';
import type { EarlyRead } from '../api/early-reads.ts';
import { currentRoute } from '../lib/hash-route.ts';
import { $token } from '../stores/session.ts';
import { INDEX_ROUTES } from '../pages/index/routes.ts';
import { routeTableModule } from './routes.ts';

/** The longest the work after the first screen waits for it (a read that hangs must not hold it forever). */
export const FIRST_SCREEN_WAIT_MS = 5000;

/**
 * The screen's first reads (index.html has usually started them, and the largest image with them).
 * Without that (no inline script ran), home's first banner image is fetched from here as soon as its
 * address is known, before the banner is rendered. Settles when every read has answered or failed,
 * and that image has loaded or failed.
 */
function warmData(reads: readonly EarlyRead[]): Promise<unknown> {
  return Promise.all(
    reads.map((read) => {
      if (read.signedIn && !$token.get()) return undefined;
      const answer = getEarly<unknown>(read.path, read.params);
      if (!read.firstImage) return answer;
      return (answer as Promise<Served<Page<NewsItem>> | undefined>).then((served) => {
        const first = served?.data.data[0]?.thumbnail;
        if (!first) return;
        const image = new Image();
        image.src = assetUrl(first);
        // The screen's largest image is part of what the person waits for.
        return image.decode().catch(() => undefined);
      });
    }),
  );
}

let firstScreen: Promise<void> = Promise.resolve();

/**
 * Starts loading the chunk of the route being opened at boot, in parallel with the catalog, and its
 * first data too, so a first visit pays a round trip or two less (on a 400 ms link, 0.4 s each).
 * The route's lazy component later imports the same module, which is then already there. A failure
 * is left for that import to report. A screen with no early reads makes its first reads through the
 * API client, so ky loads beside its chunk; a screen with them gets ky with its first call, and the
 * under-development placeholder, which reads nothing, not at all.
 */
export function warmCurrentPage(): void {
  const { path } = currentRoute();
  const start = INDEX_ROUTES.find((route) => route.path === path);
  // The start page is in boot; another route's screen and reads are in its manifest, in the route
  // table's chunk (which index.html has preloaded for it).
  const warm = start
    ? warmData(start.reads ?? [])
    : routeTableModule().then(({ routeWarmUp }) => {
        const route = routeWarmUp(path);
        if (!route) return;
        if (route.ownScreen && route.reads.length === 0) loadKy().catch(() => undefined);
        return Promise.all([route.screen?.catch(() => undefined), warmData(route.reads)]);
      });
  const cap = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  firstScreen = Promise.race([warm.catch(() => undefined), cap]).then(() => undefined);
}

/**
 * Resolves once the opened screen's chunk and first reads are in (or FIRST_SCREEN_WAIT_MS has
 * passed): work the screen does not need waits for this, so that on a weak link it does not share
 * the bandwidth with what the person is waiting to see.
 */
export function firstScreenSettled(): Promise<void> {
  return firstScreen;
}
