/**
 * After an update the previous build's chunks are gone from the server and the worker's precache,
 * so a page still running the old build fails to load its next lazy chunk. One reload puts it on
 * the new build. A sessionStorage stamp makes sure it is one: a chunk that fails again within
 * RELOAD_GUARD_MS shows the load error with its Retry button instead of reloading in a loop.
 */
export const RELOAD_GUARD_KEY = 'brisk:chunk-reload-at';
export const RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_ERROR.test(text);
}

/**
 * Reloads the page unless it already did so for a chunk within the guard time; true when it reloads.
 * Never while the device is offline: the chunk failed because the network is gone, not because the
 * build changed, and a reload then lands on the browser's own offline page (a page the worker does
 * not control yet, on a first visit, has nothing to come back to).
 */
export function reloadOnceForChunk(now: number = Date.now(), reload: () => void = () => location.reload(), online: boolean = navigator.onLine): boolean {
  if (!online) return false;
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY));
    if (last > 0 && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    // Without storage there is no guard, and without a guard no automatic reload.
    return false;
  }
  reload();
  return true;
}

/** Vite reports a failed preload of a lazy chunk's dependencies through this event. */
export function handlePreloadErrors(): void {
  addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunk()) event.preventDefault();
  });
}
