import type { JSX } from 'preact';
import { memo } from 'preact/compat';
import { useEffect, useState } from 'preact/hooks';
import { ChunkLoading } from '../../ui/chunk-loading.tsx';
import { keptImport, useLazyModule } from '../../ui/use-lazy-module.ts';

/** The markets block and what it brings (the API client's market calls, the socket) load in their own chunk. */
const loadMovers = keptImport(() => import('./market-movers.tsx'));

/**
 * The block's height, held from the first paint so nothing below it moves when it arrives (CLS):
 * what it measures on a phone of 360 px and up in all nine languages (388.6 px, 391.8 where the
 * tabs wrap), so the block fills the place exactly (market-movers.css holds it to this height).
 */
export const MOVERS_HEIGHT_PX = 392;

/**
 * Holds the block's place from the first paint and fills it once the page has painted and `ready`
 * (home's first reads have answered): on a first visit over a weak link, the block's five files
 * would otherwise take the browser's six connections just before the first banner image (home's
 * largest paint) is asked for, and it would wait for one.
 */
export const MarketMoversSlot = memo(function MarketMoversSlot({ ready }: { ready: boolean }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) return;
    // Asked for in a task of its own before the frame that renders the block: adding the chunk's
    // preload links was a third of that frame's task.
    const ask = setTimeout(() => void loadMovers(), 0);
    const id = requestAnimationFrame(() => setPainted(true));
    return () => {
      clearTimeout(ask);
      cancelAnimationFrame(id);
    };
  }, [ready]);
  const placeholder = <div class="card skeleton" style={{ height: `${MOVERS_HEIGHT_PX}px` }} aria-hidden="true" />;
  return painted ? <LoadedMovers placeholder={placeholder} /> : placeholder;
});

/**
 * Offline before the chunk was ever cached, the place stays held (the offline banner says why) and
 * the block comes when the network does; a chunk of a build the server no longer has reloads the
 * page once onto the new one (use-lazy-module.ts); one unanswered after 15 s offers a reload (ChunkLoading).
 */
function LoadedMovers({ placeholder }: { placeholder: JSX.Element }) {
  const movers = useLazyModule(loadMovers);
  if (movers.status === 'loading') return <ChunkLoading placeholder={placeholder} />;
  if (movers.status === 'failed') return placeholder;
  const { MarketMovers } = movers.module;
  return <MarketMovers />;
}
