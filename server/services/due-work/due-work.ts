import { sql } from 'kysely';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';

/** An item as its handler sees it. */
export interface DueItem {
  id: number;
  kind: string;
  key: string;
  dueAt: Date;
  payload: unknown;
}

/** An item to schedule: (kind, key) is its natural key, so scheduling it again changes nothing. */
export interface DueSchedule {
  kind: string;
  key: string;
  dueAt: Date;
  payload?: unknown;
}

/**
 * What a run answers. `done`: the item is finished, and `next` (a recurring item's next period, a
 * follow-up) is scheduled in the same transaction, so after downtime each missed period runs once,
 * in order. `notYet`: nothing was done and the item runs again at that time (an exit price that has
 * not arrived yet).
 */
export type DueResult = { done: true; next?: readonly DueSchedule[] } | { done: false; notYet: Date };

/**
 * A module's timed work of one kind. `run` does the money effect, the state change and the journal
 * through `trx`, the transaction that also marks the item done: all of it commits or none.
 * `afterCommit` (optional) announces what happened (socket events); it runs only once committed.
 */
export interface DueHandler {
  kind: string;
  run(trx: Tx, item: DueItem, now: Date): Promise<DueResult & { afterCommit?: () => void }>;
}

export interface DueRunReport {
  done: number;
  deferred: number;
  failed: number;
  /** Picked but already done or taken by another runner. */
  skipped: number;
}

const BATCH = 500;
/** A failing item waits 2^attempts seconds, at most this long, before its next try. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * The one durable schedule of everything that must happen at a time. Items are rows of `due_work`;
 * each runs in its own write transaction that re-reads it as pending (on PostgreSQL locking it, and
 * skipping one another runner holds), runs its handler and marks it done: a crash before the commit
 * leaves it pending with nothing of it written, so it runs exactly once after the restart.
 */
export class DueWork {
  private readonly handlers = new Map<string, DueHandler>();

  constructor(private readonly ctx: ServiceContext, handlers: readonly DueHandler[]) {
    for (const handler of handlers) {
      if (this.handlers.has(handler.kind)) throw new Error(`two due-work handlers for "${handler.kind}"`);
      this.handlers.set(handler.kind, handler);
    }
  }

  /** Schedules an item inside the caller's transaction; false when (kind, key) was already scheduled. */
  async schedule(trx: Tx, item: DueSchedule): Promise<boolean> {
    if (!this.handlers.has(item.kind)) throw new Error(`no due-work handler for "${item.kind}"`);
    const result = await trx.insertInto('due_work').values({
      kind: item.kind, item_key: item.key, due_at: iso(item.dueAt), payload: JSON.stringify(item.payload ?? null),
      state: 'pending', attempts: 0, last_error: null, done_at: null, created_at: iso(this.ctx.clock.now()),
    }).onConflict((oc) => oc.columns(['kind', 'item_key']).doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /**
   * Runs items due by now, oldest first, until none is left (a catch-up after downtime runs every
   * missed period, including the ones it schedules as it goes). `limit` bounds one call.
   */
  async runDue(limit = Number.POSITIVE_INFINITY): Promise<DueRunReport> {
    const report: DueRunReport = { done: 0, deferred: 0, failed: 0, skipped: 0 };
    const tried = new Set<number>();
    while (report.done + report.deferred + report.failed + report.skipped < limit) {
      const now = this.ctx.clock.now();
      const ids = await this.ctx.db.selectFrom('due_work').select('id').where('state', '=', 'pending')
        .where('due_at', '<=', iso(now)).orderBy('due_at').orderBy('id').limit(BATCH).execute();
      const fresh = ids.filter((r) => !tried.has(r.id));
      if (fresh.length === 0) break;
      for (const { id } of fresh) {
        if (report.done + report.deferred + report.failed + report.skipped >= limit) break;
        tried.add(id);
        const outcome = await this.runOne(id, now);
        report[outcome] += 1;
      }
    }
    return report;
  }

  /** Pending items per kind (ops, tests). */
  async pending(): Promise<Record<string, number>> {
    const rows = await this.ctx.db.selectFrom('due_work').select(['kind', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('state', '=', 'pending').groupBy('kind').execute();
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  }

  private async runOne(id: number, now: Date): Promise<keyof DueRunReport> {
    let announce: (() => void) | undefined;
    try {
      const outcome = await writeTransaction(this.ctx, async (trx): Promise<keyof DueRunReport> => {
        announce = undefined;
        const lockClause = this.ctx.dialect === 'postgres' ? sql` for update skip locked` : sql``;
        const { rows } = await sql<{ kind: string; item_key: string; due_at: string; payload: string; state: string }>`
          select kind, item_key, due_at, payload, state from due_work
          where id = ${id} and state = 'pending' and due_at <= ${iso(now)}${lockClause}`.execute(trx);
        const row = rows[0];
        if (!row) return 'skipped';
        const handler = this.handlers.get(row.kind);
        if (!handler) throw new Error(`no due-work handler for "${row.kind}"`);
        const item: DueItem = { id, kind: row.kind, key: row.item_key, dueAt: new Date(row.due_at), payload: JSON.parse(row.payload) as unknown };
        const result = await handler.run(trx, item, now);
        if (!result.done) {
          await trx.updateTable('due_work').set({ due_at: iso(result.notYet) }).where('id', '=', id).execute();
          return 'deferred';
        }
        for (const next of result.next ?? []) await this.schedule(trx, next);
        await trx.updateTable('due_work').set({ state: 'done', done_at: iso(now), last_error: null }).where('id', '=', id).execute();
        announce = result.afterCommit;
        return 'done';
      });
      if (announce) {
        try {
          announce();
        } catch (error) {
          this.ctx.log.warn({ err: error, due: id }, 'due-work announcement failed');
        }
      }
      return outcome;
    } catch (error) {
      await this.backOff(id, now, error);
      return 'failed';
    }
  }

  /** Nothing of the failed run was written; the item waits longer after each failure. */
  private async backOff(id: number, now: Date, error: unknown): Promise<void> {
    this.ctx.log.warn({ err: error, due: id }, 'due-work item failed');
    try {
      await writeTransaction(this.ctx, async (trx) => {
        const row = await trx.selectFrom('due_work').select('attempts').where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
        if (!row) return;
        const waitMs = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20));
        await trx.updateTable('due_work').set({
          attempts: row.attempts + 1, last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
          due_at: iso(new Date(now.getTime() + waitMs)),
        }).where('id', '=', id).execute();
      });
    } catch (inner) {
      this.ctx.log.warn({ err: inner, due: id }, 'due-work back-off failed');
    }
  }
}

const TICK_MS = 1000;
/** Items one call takes before the runner checks whether it is stopping. */
const SLICE = 200;

/**
 * Runs due work every second in this process (the engine leader), in slices so that a stop waits
 * for one item at most a slice; passes never overlap; the timer never keeps the process alive.
 */
export function startDueRunner(work: DueWork, log: ServiceContext['log'], tickMs = TICK_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const pass = async () => {
    for (;;) {
      const r = await work.runDue(SLICE);
      if (stopped || r.done + r.deferred + r.failed + r.skipped < SLICE) return;
    }
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = pass()
      .catch((error: unknown) => log.warn({ err: error }, 'due-work pass failed'))
      .finally(() => { running = null; });
  }, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
