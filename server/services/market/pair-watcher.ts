import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { ServiceContext } from '../service-context.ts';
import type { MarketCatalog } from './market-catalog.ts';

/** How often every process asks whether the pairs changed: an operator's `pair-add` trades within about this. */
export const PAIRS_POLL_MS = 1000;

/**
 * Polls the catalog's PAIRS_VERSION in every server process (engine leader and followers alike) and
 * hands the pairs listed since (`ops pair-add`, `pair-resume`) to `take`, which brings up their market
 * data and streams. One poll at a time; a failed one is logged and tried again at the next.
 */
export function watchPairs(ctx: ServiceContext, catalog: MarketCatalog, take: (listed: SpotSymbolRules[]) => Promise<void>): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const round = async () => {
    try {
      const listed = await catalog.poll();
      if (listed.length > 0 && !stopped) {
        await take(listed);
        ctx.log.info({ pairs: listed.map((r) => r.symbol) }, 'spot pairs listed while running');
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'reading the spot pairs failed; trying again');
    }
    if (!stopped) schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void round(), PAIRS_POLL_MS);
    timer.unref();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
