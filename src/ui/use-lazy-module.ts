import { useEffect, useState } from 'preact/hooks';
import { isChunkLoadError, reloadOnceForChunk } from '../lib/chunk-reload.ts';

export type LazyModule<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed' };

/**
 * A module imported on demand whose failure does not stick for the rest of the visit (as a
 * `lazy()` with a fallback does): a chunk of a build the server no longer has, after an update,
 * reloads the page once onto the new one (chunk-reload.ts); a failure because the network is gone
 * is shown, and tried again when the network returns. `load` keeps a successful import and forgets
 * a failed one: make it with `keptImport`.
 */
export function useLazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  const [state, setState] = useState<LazyModule<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (module: T | undefined) => {
        // No module: a dependency failed to preload and the page is reloading for it (chunk-reload.ts
        // cancels Vite's error, so the import answers nothing); the placeholder stays until it does.
        if (live && module !== undefined) setState({ status: 'ready', module });
      },
      (error: unknown) => {
        if (!live || (isChunkLoadError(error) && reloadOnceForChunk())) return;
        setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  useEffect(() => {
    if (state.status !== 'failed') return;
    const retry = () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    };
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
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
