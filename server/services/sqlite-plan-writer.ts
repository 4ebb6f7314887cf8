import { Worker } from 'node:worker_threads';
import type { PlanStep } from './batch-sql.ts';
import type { Log } from './service-context.ts';

interface Pending {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Runs write plans (PlannedBatchSql) on a worker thread with its own SQLite connection: SQLite works
 * synchronously, so on the server's thread a batch's inserts and commit would stop every request
 * meanwhile; on the worker they run on the machine's other core while the server reads the next
 * requests. Each plan is one transaction: it commits whole or not at all (and then run() rejects).
 */
export class SqlitePlanWriter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 1;
  private failed: Error | null = null;
  /** SQL texts the thread has been sent, by number. */
  private readonly texts = new Map<string, number>();

  constructor(file: string, log: Log) {
    this.worker = new Worker(new URL('./sqlite-plan-worker.mjs', import.meta.url), { workerData: { file } });
    this.worker.unref();
    this.worker.on('message', (message: { id: number; ok: boolean; error?: string }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) waiting?.resolve();
      else waiting?.reject(new Error(`write plan rolled back: ${message.error ?? 'unknown error'}`));
    });
    this.worker.on('error', (error) => this.fail(error, log));
    this.worker.on('exit', (code) => this.fail(new Error(`the SQLite writer thread exited (${code})`), log));
  }

  /** Whether the thread is gone (callers then write on their own connection). */
  get broken(): boolean {
    return this.failed !== null;
  }

  run(steps: PlanStep[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    // Each SQL text only the first time: the thread keeps it under its number.
    const wire = steps.map((step) => {
      const known = this.texts.get(step.sql);
      const one: { q: number; sql?: string; p: unknown[]; c?: string; n?: number } = { q: known ?? this.texts.size, p: step.params };
      if (known === undefined) {
        this.texts.set(step.sql, one.q);
        one.sql = step.sql;
      }
      if (step.capture) one.c = step.capture;
      if (step.changes !== undefined) one.n = step.changes;
      return one;
    });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Structured clone, not a JSON string: 400 plans captured from bench/http-orders.mjs (47 kB
      // each as JSON) cost this thread 91-129 µs each cloned against 124-181 stringified and
      // posted, and the writer thread no JSON.parse (135-168 µs); node 20 (bench/README.md).
      this.worker.postMessage({ id, plan: wire });
    });
  }

  async close(): Promise<void> {
    this.failed ??= new Error('closed');
    await this.worker.terminate();
  }

  private fail(error: Error, log: Log): void {
    if (this.failed) return;
    this.failed = error;
    log.warn({ err: error }, 'SQLite writer thread failed; writing on the main connection from now on');
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
