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

/** The address of the chunk a load error names (Chromium and Firefox name it, Safari does not). */
export function chunkUrlOf(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  const named = /(\S+\.(?:m?js|css))\s*$/.exec(text)?.[1];
  if (!named) return undefined;
  try {
    return new URL(named, location.href).href;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server no longer has the failed chunk (a newer build replaced it: 404, or a host's
 * page in its place) rather than the network having lost the request: only the first is mended by
 * a reload, and on a first visit, with nothing cached, a reload on a flaky network can land on the
 * browser's own error page. A chunk the error does not name is taken for gone, as an update is the
 * likelier cause.
 */
export async function chunkGone(error: unknown, fetcher: typeof fetch = fetch): Promise<boolean> {
  const url = chunkUrlOf(error);
  if (!url) return true;
  try {
    const answer = await fetcher(url, { method: 'HEAD', cache: 'no-store' });
    return !answer.ok || !/javascript|css/.test(answer.headers.get('content-type') ?? '');
  } catch {
    return false;
  }
}

const checks = new Map<string, Promise<boolean>>();

/**
 * For a failed chunk: reloads once onto the new build if the server no longer has it; resolves
 * true when it reloads. Each chunk is asked about once per failure burst (Vite's event and the
 * screen's own error both come here).
 */
export function reloadIfChunkGone(error: unknown): Promise<boolean> {
  if (!navigator.onLine) return Promise.resolve(false);
  const key = chunkUrlOf(error) ?? '';
  let check = checks.get(key);
  if (!check) {
    check = chunkGone(error).then((gone) => gone && reloadOnceForChunk());
    checks.set(key, check);
    void check.finally(() => setTimeout(() => checks.delete(key), 1_000));
  }
  return check;
}

/**
 * Vite reports a failed lazy chunk (or its CSS) through this event, for every import it wraps:
 * those whose callers only try again (the socket client, the catalog) are covered here. The error
 * still reaches the caller.
 */
export function handlePreloadErrors(): void {
  addEventListener('vite:preloadError', (event) => void reloadIfChunkGone(event.payload));
}
