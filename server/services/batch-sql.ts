import type { DbDialect } from '../db/open-database.ts';
import { insertRows, updateById } from './bulk-sql.ts';
import type { Tx } from './write-transaction.ts';

/** A row id a batch will only know once its statements run (a journal's or a new account's), by position. */
export type IdRef = number | { $ref: 'journal' | 'account'; i: number };

export interface GuardedRow {
  id: number;
  values: readonly unknown[];
  /** What the guard columns must still hold, as read. */
  expected: readonly unknown[];
}

/**
 * Where a batch writer's statements go. DirectBatchSql runs them at once inside the open transaction
 * (the rows they depend on were locked when read). PlannedBatchSql records them as a plan for
 * SqlitePlanWriter, which runs it in one transaction on its own connection and thread; rows read
 * without a lock are then written only if they still hold what was read (updateGuarded), else the
 * whole plan is rolled back.
 */
export interface BatchSql {
  /** Inserts rows; with `capture`, answers their ids (or references to them) in row order. */
  insert(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[], capture?: 'journal' | 'account'): Promise<IdRef[]>;
  update(table: string, columns: readonly string[], rows: readonly { id: number; values: readonly unknown[] }[]): Promise<void>;
  updateGuarded(table: string, columns: readonly string[], guards: readonly string[], rows: readonly GuardedRow[]): Promise<void>;
}

export class DirectBatchSql implements BatchSql {
  constructor(private readonly trx: Tx, private readonly dialect: DbDialect) {}

  async insert(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[], capture?: 'journal' | 'account'): Promise<IdRef[]> {
    // Rows get ascending ids in VALUES order, statement after statement; RETURNING's order is not promised.
    return (await insertRows(this.trx, this.dialect, table, columns, rows, capture !== undefined)).sort((a, b) => a - b);
  }

  update(table: string, columns: readonly string[], rows: readonly { id: number; values: readonly unknown[] }[]): Promise<void> {
    return updateById(this.trx, this.dialect, table, columns, rows);
  }

  /** The rows were locked when read (PostgreSQL FOR UPDATE, SQLite's write lock): no guard needed. */
  updateGuarded(table: string, columns: readonly string[], _guards: readonly string[], rows: readonly GuardedRow[]): Promise<void> {
    return updateById(this.trx, this.dialect, table, columns, rows);
  }
}

/** One statement of a plan; parameters may be IdRefs, resolved by the writer as it goes. */
export interface PlanStep {
  sql: string;
  params: unknown[];
  /** Collect the ids this INSERT ... RETURNING id answers (sorted), for later IdRefs. */
  capture?: 'journal' | 'account';
  /** The statement must change exactly this many rows, or the plan is rolled back. */
  changes?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const checked = (list: readonly string[]): string => {
  for (const name of list) if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return list.join(', ');
};
const GROUP_MAX = 128;
const GUARD_GROUP_MAX = 32;

function groups<T>(rows: readonly T[], largest: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length;) {
    let size = largest;
    while (size > rows.length - at) size >>= 1;
    out.push(rows.slice(at, at + size));
    at += size;
  }
  return out;
}

/** Records a batch's writes for SqlitePlanWriter (SQLite placeholders). */
export class PlannedBatchSql implements BatchSql {
  readonly steps: PlanStep[] = [];
  private readonly captured = { journal: 0, account: 0 };
  private readonly shapes = new Map<string, string>();

  async insert(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[], capture?: 'journal' | 'account'): Promise<IdRef[]> {
    const refs: IdRef[] = [];
    for (const group of groups(rows, GROUP_MAX)) {
      this.steps.push({ sql: `insert into ${checked([table])} (${checked(columns)}) values ${this.marks(group.length, columns.length)}${capture ? ' returning id' : ''}`, params: group.flat(), ...(capture ? { capture } : {}) });
    }
    if (capture) for (let i = 0; i < rows.length; i += 1) refs.push({ $ref: capture, i: this.captured[capture]++ });
    return refs;
  }

  async update(table: string, columns: readonly string[], rows: readonly { id: number; values: readonly unknown[] }[]): Promise<void> {
    checked([table, ...columns]);
    for (const group of groups(rows, GUARD_GROUP_MAX)) {
      const params: unknown[] = [];
      const sets = columns.map((column, c) => `${column} = case id ${group.map((r) => (params.push(r.id, r.values[c]), 'when ? then ?')).join(' ')} end`);
      for (const r of group) params.push(r.id);
      this.steps.push({ sql: `update ${table} set ${sets.join(', ')} where id in (${group.map(() => '?').join(', ')})`, params });
    }
  }

  async updateGuarded(table: string, columns: readonly string[], guards: readonly string[], rows: readonly GuardedRow[]): Promise<void> {
    checked([table, ...columns, ...guards]);
    for (const group of groups(rows, GUARD_GROUP_MAX)) {
      const params: unknown[] = [];
      const sets = columns.map((column, c) => `${column} = case id ${group.map((r) => (params.push(r.id, r.values[c]), 'when ? then ?')).join(' ')} end`);
      const where = group.map((r) => {
        params.push(r.id, ...r.expected);
        return `(id = ?${guards.map((g) => ` and ${g} = ?`).join('')})`;
      });
      this.steps.push({ sql: `update ${table} set ${sets.join(', ')} where ${where.join(' or ')}`, params, changes: group.length });
    }
  }

  private marks(rows: number, columns: number): string {
    const key = `${rows}:${columns}`;
    let text = this.shapes.get(key);
    if (text === undefined) {
      const row = `(${new Array<string>(columns).fill('?').join(', ')})`;
      text = new Array<string>(rows).fill(row).join(', ');
      this.shapes.set(key, text);
    }
    return text;
  }
}
