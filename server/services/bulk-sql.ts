import { CompiledQuery } from 'kysely';
import type { DbDialect } from '../db/open-database.ts';
import type { Tx } from './write-transaction.ts';

/**
 * Multi-row statements for batch writers, compiled by hand: Kysely builds an operation node per value
 * and compiles it again on every call, which for a few hundred rows costs more than the database
 * spends storing them. Table and column names come from our code only (never from input); every
 * value is a bound parameter.
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function names(list: readonly string[]): string {
  for (const name of list) if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return list.join(', ');
}

/** VALUES lists by shape: batches repeat the same few shapes, and building one is a loop over every value. */
const shapes = new Map<string, string>();
const SHAPES_MAX = 2000;

function placeholders(dialect: DbDialect, rows: number, columns: number): string {
  const key = `${dialect}:${rows}:${columns}`;
  const known = shapes.get(key);
  if (known !== undefined) return known;
  const text = buildPlaceholders(dialect, rows, columns);
  if (shapes.size < SHAPES_MAX) shapes.set(key, text);
  return text;
}

function buildPlaceholders(dialect: DbDialect, rows: number, columns: number): string {
  const groups: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r += 1) {
    const marks: string[] = [];
    for (let c = 0; c < columns; c += 1) marks.push(dialect === 'postgres' ? `$${(n += 1)}` : '?');
    groups.push(`(${marks.join(', ')})`);
  }
  return groups.join(', ');
}

/**
 * Rows are written in power-of-two groups (37 rows = 32 + 4 + 1), so a statement's text, and with it
 * SQLite's prepared statement, repeats from batch to batch instead of being parsed anew for every
 * row count.
 */
function groupsOf<T>(rows: readonly T[], largest: number): T[][] {
  const out: T[][] = [];
  let at = 0;
  while (at < rows.length) {
    let size = largest;
    while (size > rows.length - at) size >>= 1;
    out.push(rows.slice(at, at + size));
    at += size;
  }
  return out;
}

const INSERT_GROUP_MAX = 128;
const UPDATE_GROUP_MAX = 32;

/** INSERT INTO table (columns) VALUES (...), (...) [RETURNING id]: answers the returned ids (unordered) or []. */
export async function insertRows(trx: Tx, dialect: DbDialect, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[], returningId = false): Promise<number[]> {
  const ids: number[] = [];
  for (const group of groupsOf(rows, INSERT_GROUP_MAX)) {
    const text = `insert into ${names([table])} (${names(columns)}) values ${placeholders(dialect, group.length, columns.length)}${returningId ? ' returning id' : ''}`;
    const result = await trx.executeQuery<{ id: number }>(CompiledQuery.raw(text, group.flat()));
    if (returningId) for (const row of result.rows) ids.push(Number(row.id));
  }
  return ids;
}

/**
 * UPDATE table SET column = CASE id WHEN ? THEN ? ... END, ... WHERE id IN (...): one statement for
 * many rows (at most UPDATE_GROUP_MAX, as each CASE is searched row by row), each column's new
 * value given per id. `casts` names the SQL type of non-text columns (`{ days_paid: 'integer' }`):
 * PostgreSQL types a CASE of untyped parameters as text, which it will not store in an integer.
 */
export async function updateById(
  trx: Tx, dialect: DbDialect, table: string, columns: readonly string[], rows: readonly { id: number; values: readonly unknown[] }[],
  casts: Readonly<Record<string, 'integer' | 'bigint'>> = {},
): Promise<void> {
  names([table, ...columns]);
  for (const group of groupsOf(rows, UPDATE_GROUP_MAX)) {
    const params: unknown[] = [];
    const mark = (value: unknown): string => {
      params.push(value);
      return dialect === 'postgres' ? `$${params.length}` : '?';
    };
    const sets = columns.map((column, c) => {
      const cast = casts[column];
      const value = (v: unknown) => (cast ? `cast(${mark(v)} as ${cast})` : mark(v));
      return `${column} = case id ${group.map((r) => `when ${mark(r.id)} then ${value(r.values[c])}`).join(' ')} end`;
    });
    const ids = group.map((r) => mark(r.id)).join(', ');
    await trx.executeQuery(CompiledQuery.raw(`update ${table} set ${sets.join(', ')} where id in (${ids})`, params));
  }
}
