import { Worker } from 'node:worker_threads';

export interface CheckpointerOptions {
  /** Pause between two checkpoint passes. */
  everyMs?: number;
}

export interface CheckpointStats {
  passes: number;
  largestLogPages: number;
}

const EVERY_MS = 50;

/**
 * WAL pages (4 kB) at which a committing connection still checkpoints by itself. Under writes with
 * no gap long enough for a pass to copy everything, the WAL cannot start over and would grow
 * without end; this valve stops that, and the passes leave it little to copy.
 */
export const WAL_VALVE_PAGES = 8192;

/**
 * Copies the WAL into the database file on a thread of its own. SQLite's automatic checkpoint runs
 * on the connection whose commit crossed the threshold, so the orders of that commit (and every
 * batch queued behind it) waited for the copy and its disk sync: the slowest 1-2 % of orders in
 * bench/http-orders.mjs. Connections of a process with a checkpointer set `wal_autocheckpoint` to
 * WAL_VALVE_PAGES.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private closed = false;

  constructor(file: string, options: CheckpointerOptions = {}) {
    this.worker = new Worker(new URL('./sqlite-checkpoint-worker.mjs', import.meta.url), {
      workerData: { file, everyMs: options.everyMs ?? EVERY_MS },
    });
    this.worker.unref();
  }

  stats(): Promise<CheckpointStats> {
    return this.request('stats') as Promise<CheckpointStats>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Closing the connection on its own thread first, so the file is not left mid-checkpoint.
    await Promise.race([this.request('stopped'), new Promise((resolve) => setTimeout(resolve, 1000))]);
    await this.worker.terminate();
  }

  private request(type: 'stats' | 'stopped'): Promise<unknown> {
    return new Promise((resolve) => {
      const listener = (message: { type: string }) => {
        if (message.type !== type) return;
        this.worker.off('message', listener);
        resolve(message);
      };
      this.worker.on('message', listener);
      this.worker.postMessage(type === 'stopped' ? 'stop' : 'stats');
    });
  }
}
