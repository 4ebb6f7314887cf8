import type { Page } from '../../contract/envelope.ts';
import type { NewsItem } from '../../contract/api/content.ts';
import { assetUrl } from '../api/asset-url.ts';
import type { Served } from '../api/client.ts';
import { getEarly } from '../api/early.ts';
import { EARLY_READS } from '../api/early-reads.ts';
import { currentRoute } from '../lib/hash-route.ts';
import { PAGE_LOADERS, underDevelopment } from './page-loaders.ts';
import { findRoutePath } from './route-paths.ts';

/**
 * The screen's first reads (index.html has usually started them, and the largest image with them).
 * Without that (no inline script ran), home's first banner image is fetched from here as soon as its
 * address is known, before the banner is rendered.
 */
function warmData(path: string): void {
  for (const read of EARLY_READS[path] ?? []) {
    const answer = getEarly<unknown>(read.path, read.params);
    if (read.firstImage) {
      void (answer as Promise<Served<Page<NewsItem>> | undefined>).then((served) => {
        const first = served?.data.data[0]?.thumbnail;
        if (first) new Image().src = assetUrl(first);
      });
    }
  }
}

/**
 * Starts loading the chunk of the route being opened at boot, in parallel with the catalog, and for
 * the home tab its first data too, so a first visit pays a round trip or two less (on a 400 ms link,
 * 0.4 s each). The route's lazy component later imports the same module, which is then already
 * there. A failure is left for that import to report.
 */
export function warmCurrentPage(): void {
  const { path } = currentRoute();
  const load = PAGE_LOADERS[path] ?? (findRoutePath(path) ? underDevelopment : undefined);
  load?.().catch(() => undefined);
  warmData(path);
}
