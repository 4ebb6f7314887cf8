import type { Kysely, Migration } from 'kysely';
import type { DbDialect } from '../open-database.ts';
import { withId } from './id-column.ts';

type AnyDb = Kysely<unknown>;

/** The one durable schedule of work due at a time (server/services/due-work/due-work.ts). */
export function dueWorkMigration(dialect: DbDialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('due_work'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('done_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('due_work_natural_key', ['kind', 'item_key'])
        .execute();
      await db.schema.createIndex('due_work_pending_idx').on('due_work').columns(['state', 'due_at']).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('due_work').ifExists().execute();
    },
  };
}
