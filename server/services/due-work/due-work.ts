import { sql } from 'kysely';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';
import { insertPending, markDone } from './due-work-sql.ts';

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
  run(trx: Tx, item: DueItem, now: Date): Promise<DueOutcome>;
  /**
   * Optional: runs many due items of this kind at once through `trx` (a multi-row statement per
   * table, a ledger batch for their journals), answering each item's result in the items' order,
   * with the same contract per item as `run`. The runner marks the done ones and schedules their
   * `next` in the same transaction, in bulk. If it throws, nothing of the group stays and its items
   * run one by one through `run`, so a bad item is backed off alone.
   */
  runMany?(trx: Tx, items: readonly DueItem[], now: Date): Promise<DueOutcome[]>;
}

export type DueOutcome = DueResult & { afterCommit?: () => void };

export interface DueKindStatus {
  kind: string;
  done: number;
  pending: number;
  /** Pending and due by now: a runner is behind or stopped when this stays high. */
  due: number;
  /** Pending after a failed run (backed off). */
  failing: number;
  lastError: string | null;
}

export interface DueRunReport {
  done: number;
  deferred: number;
  failed: number;
}

/**
 * Items one transaction takes at most, and how long it may keep adding them: on SQLite a request
 * waits for the connection while a batch holds it, so a batch is short.
 */
const BATCH = 200;
const BATCH_MS = 10;
/**
 * A kind's groups start at this many items; a full group that took under half of BATCH_MS doubles
 * the next, one over it halves it (a statement's fixed cost, large on PostgreSQL, is not mistaken
 * for a cost per item).
 */
const FIRST_GROUP = 16;
/** The pause between batches, for requests' I/O (see runDue). */
const YIELD_MS = 1;
/** A failing item waits 2^attempts seconds, at most this long, before its next try. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * The one durable schedule of everything that must happen at a time. Items are rows of `due_work`;
 * a write transaction picks the due ones as pending (on PostgreSQL locking them, and skipping those
 * another runner holds), runs each one's handler and marks it done: a crash before the commit
 * leaves them pending with nothing of them written, so each runs exactly once after the restart.
 */
export class DueWork {
  private readonly handlers = new Map<string, DueHandler>();
  /** Per kind run in groups: the size of its next group, and the smoothed milliseconds per item of the last ones. */
  private readonly groupPlans = new Map<string, { size: number; msPerItem: number }>();

  constructor(private readonly ctx: ServiceContext, handlers: readonly DueHandler[] = []) {
    for (const handler of handlers) this.register(handler);
  }

  /** Adds a kind; each kind has one handler. */
  register(handler: DueHandler): void {
    if (this.handlers.has(handler.kind)) throw new Error(`two due-work handlers for "${handler.kind}"`);
    this.handlers.set(handler.kind, handler);
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
    const report: DueRunReport = { done: 0, deferred: 0, failed: 0 };
    for (;;) {
      const room = Math.min(BATCH, limit - (report.done + report.deferred + report.failed));
      if (room <= 0) break;
      const { part, more, announce } = await this.runBatch(room, this.ctx.clock.now());
      for (const key of Object.keys(report) as (keyof DueRunReport)[]) report[key] += part[key];
      for (const tell of announce) {
        try {
          tell();
        } catch (error) {
          this.ctx.log.warn({ err: error }, 'due-work announcement failed');
        }
      }
      if (!more) break;
      // SQLite answers synchronously: without a turn of the event loop between batches, requests
      // that arrived meanwhile would not even be read until the whole catch-up ended. A timer, not
      // setImmediate: the loop then waits in its poll phase for what the answers of those requests
      // wait on (their gzip runs on the thread pool), instead of sending them a batch later.
      await new Promise((resolve) => setTimeout(resolve, YIELD_MS));
    }
    return report;
  }

  /**
   * Per kind: items done, pending, of those due by now and failing (tried, backed off), with the
   * text of one failure; for operators. Done rows stay: they are the record that a natural key ran.
   */
  async status(): Promise<DueKindStatus[]> {
    const now = iso(this.ctx.clock.now());
    const rows = await this.ctx.db.selectFrom('due_work').select((eb) => [
      'kind',
      eb.fn.count<string | number>('id').filterWhere('state', '=', 'done').as('done'),
      eb.fn.count<string | number>('id').filterWhere('state', '=', 'pending').as('pending'),
      eb.fn.count<string | number>('id').filterWhere((w) => w.and([w('state', '=', 'pending'), w('due_at', '<=', now)])).as('due'),
      eb.fn.count<string | number>('id').filterWhere((w) => w.and([w('state', '=', 'pending'), w('attempts', '>', 0)])).as('failing'),
      eb.fn.max('last_error').as('last_error'),
    ]).groupBy('kind').orderBy('kind').execute();
    return rows.map((r) => ({ kind: r.kind, done: Number(r.done), pending: Number(r.pending), due: Number(r.due), failing: Number(r.failing), lastError: r.last_error }));
  }

  /**
   * Up to `room` due items in one write transaction (one commit for many: a catch-up of thousands
   * takes seconds, not minutes). Items of a kind with `runMany` go in groups (consecutive items of
   * that kind, sized by FIRST_GROUP's rule and what is left of BATCH_MS), each group in a savepoint;
   * the others each in a savepoint of their own: an item whose handler throws is rolled back alone
   * and backed off, the others commit. Ends early after BATCH_MS so a batch never holds the write
   * lock long against the order flow.
   */
  private async runBatch(room: number, now: Date): Promise<{ part: DueRunReport; more: boolean; announce: (() => void)[] }> {
    return writeTransaction(this.ctx, async (trx) => {
      const part: DueRunReport = { done: 0, deferred: 0, failed: 0 };
      const announce: (() => void)[] = [];
      const lockClause = this.ctx.dialect === 'postgres' ? sql` for update skip locked` : sql``;
      const { rows } = await sql<DueRowRead>`
        select id, kind, item_key, due_at, payload, attempts from due_work
        where state = 'pending' and due_at <= ${iso(now)} order by due_at, id limit ${room}${lockClause}`.execute(trx);
      const started = performance.now();
      let at = 0;
      while (at < rows.length) {
        const elapsed = performance.now() - started;
        if (at > 0 && elapsed > BATCH_MS) break;
        const row = rows[at] as DueRowRead;
        const handler = this.handlers.get(row.kind);
        const runMany = handler?.runMany?.bind(handler);
        if (!runMany) {
          await this.runOne(trx, row, now, part, announce);
          at += 1;
          continue;
        }
        const plan = this.groupPlans.get(row.kind) ?? { size: FIRST_GROUP, msPerItem: 0 };
        // After a first group, only what still fits in BATCH_MS; the rest waits for the next batch.
        const size = at === 0 ? plan.size : Math.min(plan.size, Math.floor((BATCH_MS - elapsed) / plan.msPerItem));
        if (size < 1) break;
        let end = at + 1;
        while (end < rows.length && end - at < size && (rows[end] as DueRowRead).kind === row.kind) end += 1;
        const groupStart = performance.now();
        await this.runGroup(trx, row.kind, runMany, rows.slice(at, end), now, part, announce);
        const tookMs = performance.now() - groupStart;
        // Smoothed: one group the OS paused must not shrink the next ones to a crumb.
        const measured = tookMs / (end - at);
        plan.msPerItem = plan.msPerItem === 0 ? measured : plan.msPerItem + (measured - plan.msPerItem) / 4;
        if (end - at === plan.size && tookMs < BATCH_MS / 2) plan.size = Math.min(BATCH, plan.size * 2);
        else if (tookMs > BATCH_MS) plan.size = Math.max(1, Math.floor(plan.size / 2));
        this.groupPlans.set(row.kind, plan);
        at = end;
      }
      // Another batch until one finds nothing: this one may have scheduled periods already due.
      return { part, more: at > 0, announce };
    });
  }

  /** One item in a savepoint of its own; a throw rolls it back and backs it off. */
  private async runOne(trx: Tx, row: DueRowRead, now: Date, part: DueRunReport, announce: (() => void)[]): Promise<void> {
    await sql`savepoint due_item`.execute(trx);
    try {
      const handler = this.handlers.get(row.kind);
      if (!handler) throw new Error(`no due-work handler for "${row.kind}"`);
      const result = await handler.run(trx, itemOf(row), now);
      if (result.done) {
        for (const next of result.next ?? []) await this.schedule(trx, next);
        await trx.updateTable('due_work').set({ state: 'done', done_at: iso(now), last_error: null }).where('id', '=', row.id).execute();
        if (result.afterCommit) announce.push(result.afterCommit);
        part.done += 1;
      } else {
        await this.defer(trx, row.id, result.notYet, now);
        part.deferred += 1;
      }
      await sql`release savepoint due_item`.execute(trx);
    } catch (error) {
      await sql`rollback to savepoint due_item`.execute(trx);
      await sql`release savepoint due_item`.execute(trx);
      this.ctx.log.warn({ err: error, due: row.id, kind: row.kind }, 'due-work item failed');
      const waitMs = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20));
      await trx.updateTable('due_work').set({
        attempts: row.attempts + 1, last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
        due_at: iso(new Date(now.getTime() + waitMs)),
      }).where('id', '=', row.id).execute();
      part.failed += 1;
    }
  }

  /**
   * Items of one kind through its `runMany`, in a savepoint: their done marks and next items are
   * written in bulk beside what the handler wrote. If anything throws, the group is rolled back and
   * its items run one by one.
   */
  private async runGroup(
    trx: Tx, kind: string, runMany: NonNullable<DueHandler['runMany']>, rows: readonly DueRowRead[], now: Date, part: DueRunReport, announce: (() => void)[],
  ): Promise<void> {
    await sql`savepoint due_group`.execute(trx);
    try {
      const results = await runMany(trx, rows.map(itemOf), now);
      if (results.length !== rows.length) throw new Error(`${kind}: ${rows.length} items but ${results.length} results`);
      const done: number[] = [];
      const next: DueSchedule[] = [];
      const told: (() => void)[] = [];
      let deferred = 0;
      for (const [i, result] of results.entries()) {
        const row = rows[i] as DueRowRead;
        if (result.done) {
          done.push(row.id);
          for (const n of result.next ?? []) next.push(n);
          if (result.afterCommit) told.push(result.afterCommit);
        } else {
          await this.defer(trx, row.id, result.notYet, now);
          deferred += 1;
        }
      }
      await this.scheduleMany(trx, next);
      await markDone(trx, this.ctx.dialect, done, iso(now));
      await sql`release savepoint due_group`.execute(trx);
      part.done += done.length;
      part.deferred += deferred;
      announce.push(...told);
    } catch (error) {
      await sql`rollback to savepoint due_group`.execute(trx);
      await sql`release savepoint due_group`.execute(trx);
      this.ctx.log.warn({ err: error, kind, items: rows.length }, 'due-work group failed; running its items one by one');
      for (const row of rows) await this.runOne(trx, row, now, part, announce);
    }
  }

  /** Schedules many items in the caller's transaction, each (kind, key) once. */
  private async scheduleMany(trx: Tx, items: readonly DueSchedule[]): Promise<void> {
    const created = iso(this.ctx.clock.now());
    for (const item of items) if (!this.handlers.has(item.kind)) throw new Error(`no due-work handler for "${item.kind}"`);
    await insertPending(trx, this.ctx.dialect, items.map((item) => ({
      kind: item.kind, itemKey: item.key, dueAt: iso(item.dueAt), payload: JSON.stringify(item.payload ?? null), createdAt: created,
    })));
  }

  /** Never at or before now: this pass must not pick it again. */
  private async defer(trx: Tx, id: number, notYet: Date, now: Date): Promise<void> {
    const at = Math.max(notYet.getTime(), now.getTime() + 1);
    await trx.updateTable('due_work').set({ due_at: iso(new Date(at)) }).where('id', '=', id).execute();
  }
}

interface DueRowRead {
  id: number;
  kind: string;
  item_key: string;
  due_at: string;
  payload: string;
  attempts: number;
}

const itemOf = (row: DueRowRead): DueItem => ({ id: row.id, kind: row.kind, key: row.item_key, dueAt: new Date(row.due_at), payload: JSON.parse(row.payload) as unknown });

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
      if (stopped || r.done + r.deferred + r.failed < SLICE) return;
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
