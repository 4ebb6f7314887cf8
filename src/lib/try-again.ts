/** The first wait after a failure, doubled after each further one up to TRY_AGAIN_MAX_MS. */
export const TRY_AGAIN_FIRST_MS = 2_000;
export const TRY_AGAIN_MAX_MS = 30_000;

/**
 * When to try again something a flaky network made fail (a script or chunk that did not load):
 * after a wait that doubles with each failure, or at once when the device says the network is
 * back; while it says it is offline, only then (a timer could not help).
 */
export class TryAgain {
  private wait = TRY_AGAIN_FIRST_MS;
  private pending: (() => void) | undefined;

  /** Runs `retry` once, at the next chance; a call while one is pending replaces it. */
  schedule(retry: () => void): void {
    this.pending?.();
    const timer = navigator.onLine ? setTimeout(() => run(), this.wait) : undefined;
    const cancel = () => {
      clearTimeout(timer);
      removeEventListener('online', run);
      if (this.pending === cancel) this.pending = undefined;
    };
    const run = () => {
      cancel();
      retry();
    };
    addEventListener('online', run);
    this.pending = cancel;
    this.wait = Math.min(this.wait * 2, TRY_AGAIN_MAX_MS);
  }

  /** Drops the pending try, if any (its holder left). */
  cancel(): void {
    this.pending?.();
  }

  /** It worked: the next failure starts from the first wait again. */
  reset(): void {
    this.wait = TRY_AGAIN_FIRST_MS;
  }
}

/**
 * A module no screen waits on to render (the socket client, the worker registration), imported
 * until it loads: on a first visit nothing is precached, and one lost response must not leave the
 * app without live data or offline support until a reload. Chromium fetches a failed dynamic
 * import again on the next call. Never rejects.
 */
export function importUntilLoaded<T>(load: () => Promise<T>): Promise<T> {
  const again = new TryAgain();
  return new Promise((resolve) => {
    // A chunk of a build the server no longer has reloads the page meanwhile (chunk-reload.ts).
    const attempt = () => void load().then(resolve, () => again.schedule(attempt));
    attempt();
  });
}
