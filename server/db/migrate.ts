import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import type { DbDialect } from './open-database.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { ledgerMigration } from './migrations/0002-ledger.ts';
import { engineLeaderMigration } from './migrations/0007-engine-leader.ts';
import { uploadPurposeMigration } from './migrations/0008-upload-purpose.ts';
import { idempotencyKeyAgeMigration } from './migrations/0009-idempotency-key-age.ts';
import { dueWorkMigration } from './migrations/0010-due-work.ts';
import { MODULES } from '../modules/modules.ts';

/**
 * The platform's migrations and every module's, in code rather than read from a folder, so the list
 * is checked by the compiler and bundles cleanly. Kysely runs them in one order, by name.
 */
function provider(dialect: DbDialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001_initial': initialMigration(dialect),
    '0002_ledger': ledgerMigration(dialect),
    '0007_engine_leader': engineLeaderMigration(),
    '0008_upload_purpose': uploadPurposeMigration(),
    '0009_idempotency_key_age': idempotencyKeyAgeMigration(),
    '0010_due_work': dueWorkMigration(dialect),
  };
  for (const module of MODULES) {
    for (const [name, migration] of Object.entries(module.migrations?.(dialect) ?? {})) {
      if (migrations[name]) throw new Error(`migration ${name} is declared twice (module ${module.name})`);
      migrations[name] = migration;
    }
  }
  return { getMigrations: async () => migrations };
}

/**
 * Brings the schema up to date; Kysely's lock makes concurrent starts safe on PostgreSQL. There,
 * Kysely's bookkeeping tables are named in the schema we work in (search_path's first): its
 * introspection sees every schema and would otherwise take another schema's tables for ours.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DbDialect, pgSchema?: string): Promise<void> {
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    // DATABASE_SCHEMA names a schema that may not exist yet (config checked it is a plain identifier).
    if (pgSchema) await sql`create schema if not exists ${sql.id(pgSchema)}`.execute(db);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
    if (!migrationTableSchema) throw new Error('no current schema: check search_path (DATABASE_SCHEMA)');
  }
  const migrator = new Migrator({ db, provider: provider(dialect), ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
