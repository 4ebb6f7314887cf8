import { migrateToLatest } from '../../../server/db/migrate.ts';
import { openDatabase, type DbHandle } from '../../../server/db/open-database.ts';
import { runSeed } from '../../../server/db/seed/run-seed.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { hashPassword } from '../../../server/services/password-hasher.ts';
import { withPg } from './server-process.ts';

/** A PostgreSQL server and the schema of its own a test or bench works in. */
export interface PgSchema {
  databaseUrl: string;
  schema: string;
}

/**
 * A fresh database, migrated and seeded: SQLite in `dataDir`, or with `pg` that schema (created
 * here) on that server. On failure the connection is closed; the caller drops the schema.
 */
export async function openSeededDatabase(dataDir: string, pg?: PgSchema): Promise<DbHandle> {
  if (pg) await withPg(pg.databaseUrl, (c) => c.query(`create schema ${pg.schema}`));
  const handle = openDatabase(loadConfig({ DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.databaseUrl, DATABASE_SCHEMA: pg.schema } : {}) }));
  try {
    await migrateToLatest(handle.db, handle.dialect, pg?.schema);
    await runSeed(handle.db, handle.dialect, { hashPassword, now: new Date() });
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export async function dropSchema(pg: PgSchema | undefined): Promise<void> {
  if (pg) await withPg(pg.databaseUrl, (c) => c.query(`drop schema if exists ${pg.schema} cascade`));
}
