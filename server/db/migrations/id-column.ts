import type { CreateTableBuilder } from 'kysely';
import type { DbDialect } from '../open-database.ts';

/**
 * An auto-increment integer primary key named id. SQLite's AUTOINCREMENT never reuses ids of deleted
 * rows (as PostgreSQL's serial does not), so ids are safe to hand out as public numbers.
 */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DbDialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey());
}
