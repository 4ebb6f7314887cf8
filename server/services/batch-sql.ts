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

/** The largest power of two up to `largest` that fits in what is left: few statement shapes, each reused. */
function groupSize(left: number, largest: number): number {
  let size = largest;
  while (size > left) size >>= 1;
  return size;
}

/**
 * Statement texts by shape (table, columns, rows per statement), built once per process: a batch
 * writes the same few shapes again and again, and the same string each time is also what the
 * writer thread's text numbering looks up fastest (its hash is kept in the string).
 */
const TEXTS_MAX = 1000;
const texts = new Map<string, string>();
function shaped(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    if (texts.size >= TEXTS_MAX) texts.clear();
    texts.set(key, text);
  }
  return text;
}

const rowMarks = (rows: number, columns: number): string =>
  new Array<string>(rows).fill(`(${new Array<string>(columns).fill('?').join(', ')})`).join(', ');

type IdRow = { id: number; values: readonly unknown[] };

/** The parameters of "column = case id when ? then ? ... end", column after column, in the rows' order. */
function pushCases(params: unknown[], rows: readonly IdRow[], at: number, size: number, columns: number): void {
  for (let c = 0; c < columns; c += 1) {
    for (let r = at; r < at + size; r += 1) params.push((rows[r] as IdRow).id, (rows[r] as IdRow).values[c]);
  }
}

/** Records a batch's writes for SqlitePlanWriter (SQLite placeholders). */
export class PlannedBatchSql implements BatchSql {
  readonly steps: PlanStep[] = [];
  private readonly captured = { journal: 0, account: 0 };

  async insert(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[], capture?: 'journal' | 'account'): Promise<IdRef[]> {
    const refs: IdRef[] = [];
    for (let at = 0; at < rows.length;) {
      const size = groupSize(rows.length - at, GROUP_MAX);
      const sql = shaped(`i|${table}|${columns.join(',')}|${size}|${capture ?? ''}`,
        () => `insert into ${checked([table])} (${checked(columns)}) values ${rowMarks(size, columns.length)}${capture ? ' returning id' : ''}`);
      const params: unknown[] = [];
      for (let r = at; r < at + size; r += 1) for (const value of rows[r] as readonly unknown[]) params.push(value);
      this.steps.push(capture ? { sql, params, capture } : { sql, params });
      at += size;
    }
    if (capture) for (let i = 0; i < rows.length; i += 1) refs.push({ $ref: capture, i: this.captured[capture]++ });
    return refs;
  }

  async update(table: string, columns: readonly string[], rows: readonly IdRow[]): Promise<void> {
    for (let at = 0; at < rows.length;) {
      const size = groupSize(rows.length - at, GUARD_GROUP_MAX);
      const sql = shaped(`u|${table}|${columns.join(',')}|${size}`, () => {
        checked([table, ...columns]);
        const cases = new Array<string>(size).fill('when ? then ?').join(' ');
        return `update ${table} set ${columns.map((column) => `${column} = case id ${cases} end`).join(', ')} where id in (${new Array<string>(size).fill('?').join(', ')})`;
      });
      const params: unknown[] = [];
      pushCases(params, rows, at, size, columns.length);
      for (let r = at; r < at + size; r += 1) params.push((rows[r] as IdRow).id);
      this.steps.push({ sql, params });
      at += size;
    }
  }

  async updateGuarded(table: string, columns: readonly string[], guards: readonly string[], rows: readonly GuardedRow[]): Promise<void> {
    for (let at = 0; at < rows.length;) {
      const size = groupSize(rows.length - at, GUARD_GROUP_MAX);
      const sql = shaped(`g|${table}|${columns.join(',')}|${guards.join(',')}|${size}`, () => {
        checked([table, ...columns, ...guards]);
        const cases = new Array<string>(size).fill('when ? then ?').join(' ');
        const where = new Array<string>(size).fill(`(id = ?${guards.map((g) => ` and ${g} = ?`).join('')})`).join(' or ');
        return `update ${table} set ${columns.map((column) => `${column} = case id ${cases} end`).join(', ')} where ${where}`;
      });
      const params: unknown[] = [];
      pushCases(params, rows, at, size, columns.length);
      for (let r = at; r < at + size; r += 1) {
        const row = rows[r] as GuardedRow;
        params.push(row.id);
        for (const value of row.expected) params.push(value);
      }
      this.steps.push({ sql, params, changes: size });
      at += size;
    }
  }
}
