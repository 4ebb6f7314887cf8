import type { Kysely, Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

/**
 * Where followers find the process that runs the matching engine (PostgreSQL scale-out, see
 * server/services/engine/engine-lease.ts): one row, written by the holder of the engine lock with
 * the PostgreSQL backend that holds it, so a row left by a dead leader is recognised as stale.
 * SQLite runs one process and never writes it.
 */
export function engineLeaderMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createTable('engine_leader')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('backend_pid', 'integer', (c) => c.notNull())
        .addColumn('since', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('engine_leader').ifExists().execute();
    },
  };
}
