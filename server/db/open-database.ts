import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.ts';
import { SqliteCheckpointer, WAL_VALVE_PAGES } from './sqlite-checkpointer.ts';

export type DbDialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DbDialect;
  close(): Promise<void>;
  /** SQLite only: the thread that copies the WAL into the database file (no commit waits for it). */
  checkpointer?: SqliteCheckpointer;
}

export interface DbOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
}

export const SQLITE_FILE = 'brisk.sqlite';

/** Prepared SQLite statements kept, by SQL text (least recently used dropped first). */
const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely prepares every query again; preparing costs about as much as running a small statement,
 * so busy paths (the order flow runs the same dozen statements per batch) reuse them. A statement
 * is run to completion each time (the one connection is held meanwhile), so reuse is safe.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const hit = cache.get(text);
      if (hit) {
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const statement = sqlite.prepare(text);
      cache.set(text, statement);
      if (cache.size > STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

/** SQLite under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Every connection works in the chosen schema, so tests can isolate themselves in one.
      ...(options.databaseSchema ? { options: `-c search_path=${options.databaseSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  // WAL lets readers run during a write; busy_timeout waits for a second process instead of failing.
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before its answer goes out. NORMAL survives a crash of the process but
  // can lose the last commits to a power cut or an OS crash, and an acknowledged order or journal
  // must never be lost. Its cost, a WAL sync per commit, is in bench/README.md (orders over HTTP).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // A 64 MB page cache (the default is 2 MB) keeps the hot index pages of the order flow in memory.
  sqlite.pragma('cache_size = -65536');
  // Checkpoints (copying the WAL into the file, with a disk sync) run on a thread of their own: done
  // by the committing connection, they made the slowest orders wait (bench/http-orders.mjs).
  sqlite.pragma(`wal_autocheckpoint = ${WAL_VALVE_PAGES}`);
  const checkpointer = new SqliteCheckpointer(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    checkpointer,
    close: async () => {
      await checkpointer.close();
      await db.destroy();
    },
  };
}
