import { CompiledQuery } from 'kysely';
import type { DbDialect } from '../../db/open-database.ts';
import type { Tx } from '../write-transaction.ts';

/**
 * Multi-row statements of the due-work schedule for groups of items: one INSERT for a group's next
 * items and one UPDATE for its done marks, instead of a Kysely statement per item (building and
 * compiling those cost more than SQLite spends storing the rows). Every value is a bound parameter.
 */

export interface DueRow {
  kind: string;
  itemKey: string;
  dueAt: string;
  payload: string;
  createdAt: string;
}

/** Rows per statement: far below both databases' bound-parameter limits; powers of two, so statement texts repeat. */
const INSERT_MAX = 64;
const UPDATE_MAX = 256;

const mark = (dialect: DbDialect, n: number): string => (dialect === 'postgres' ? `$${n}` : '?');

function chunks<T>(rows: readonly T[], largest: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length;) {
    let size = largest;
    while (size > rows.length - at) size >>= 1;
    out.push(rows.slice(at, at + size));
    at += size;
  }
  return out;
}

/** Schedules rows as pending; a (kind, key) already scheduled is left as it is (the natural key). */
export async function insertPending(trx: Tx, dialect: DbDialect, rows: readonly DueRow[]): Promise<void> {
  for (const group of chunks(rows, INSERT_MAX)) {
    const params: unknown[] = [];
    const values = group.map((r) => {
      const at = params.length;
      params.push(r.kind, r.itemKey, r.dueAt, r.payload, r.createdAt);
      return `(${mark(dialect, at + 1)}, ${mark(dialect, at + 2)}, ${mark(dialect, at + 3)}, ${mark(dialect, at + 4)}, 'pending', 0, ${mark(dialect, at + 5)})`;
    });
    await trx.executeQuery(CompiledQuery.raw(
      `insert into due_work (kind, item_key, due_at, payload, state, attempts, created_at) values ${values.join(', ')} on conflict (kind, item_key) do nothing`,
      params,
    ));
  }
}

/** Marks items done at `doneAt`. */
export async function markDone(trx: Tx, dialect: DbDialect, ids: readonly number[], doneAt: string): Promise<void> {
  for (const group of chunks(ids, UPDATE_MAX)) {
    const list = group.map((_, i) => mark(dialect, i + 2)).join(', ');
    await trx.executeQuery(CompiledQuery.raw(`update due_work set state = 'done', done_at = ${mark(dialect, 1)}, last_error = null where id in (${list})`, [doneAt, ...group]));
  }
}
