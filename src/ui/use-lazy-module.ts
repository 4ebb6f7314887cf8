import { useEffect, useState } from 'preact/hooks';
import { isChunkLoadError, reloadIfChunkGone } from '../lib/chunk-reload.ts';
import { TryAgain } from '../lib/try-again.ts';

export type LazyModule<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed' };

/**
 * A module imported on demand whose failure does not stick for the rest of the visit (as a
 * `lazy()` with a fallback does): a chunk of a build the server no longer has, after an update,
 * reloads the page once onto the new one (chunk-reload.ts); one the network lost is shown as
 * failed and tried again after a doubling wait, or at once when the network returns
 * (lib/try-again.ts). `load` keeps a successful import and forgets a failed one: make it with `keptImport`.
 */
export function useLazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  const [state, setState] = useState<LazyModule<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [again] = useState(() => new TryAgain());
  useEffect(() => {
    let live = true;
    load().then(
      (module: T) => {
        if (!live) return;
        again.reset();
        setState({ status: 'ready', module });
      },
      async (error: unknown) => {
        if (!live || (isChunkLoadError(error) && (await reloadIfChunkGone(error)))) return;
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  useEffect(() => {
    if (state.status !== 'failed') return;
    again.schedule(() => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    });
    return () => again.cancel();
  }, [state.status]);
  return state;
}

/**
 * An import done once and kept, as the module system keeps it; a failed one is forgotten, so the next
 * attempt (back online, or on the new build) imports afresh instead of answering the old failure.
 */
export function keptImport<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () =>
    (kept ??= load().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
}
