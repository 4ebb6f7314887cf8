/**
 * Runs `task` once the main thread is idle, and at the latest `timeoutMs` later; a browser without
 * idle callbacks (Safari) runs it after `fallbackMs`. Answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number, fallbackMs = 0): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, fallbackMs);
  return () => clearTimeout(id);
}
