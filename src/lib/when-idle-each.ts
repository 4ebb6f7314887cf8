import { whenIdle } from './when-idle.ts';

/**
 * Runs `tasks` in order, each in an idle period of its own (at the latest `timeoutMs` after the one
 * before), so background jobs that would add up to one long task leave the main thread free for a
 * tap between them. A task that throws does not stop the ones after it. Answers a function that
 * cancels the tasks not yet run.
 */
export function whenIdleEach(tasks: readonly (() => void)[], timeoutMs: number, fallbackMs = 0): () => void {
  const queue = [...tasks];
  let cancel = (): void => undefined;
  const next = (): void => {
    const task = queue.shift();
    if (!task) return;
    try {
      task();
    } finally {
      if (queue.length > 0) cancel = whenIdle(next, timeoutMs, fallbackMs);
    }
  };
  cancel = whenIdle(next, timeoutMs, fallbackMs);
  return () => {
    queue.length = 0;
    cancel();
  };
}
