import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '../../../server/db/open-database.ts';
import { dropSchema, openSeededDatabase } from './seeded-database.ts';

export type CrashDatabase = {
  /** The environment of a server process on this database (SQLite dir or PostgreSQL schema). */
  env: Record<string, string | undefined>;
  /** Creates, migrates and seeds the database and opens the test's own connection to it. */
  open(): Promise<DbHandle>;
  /** Closes the connection and drops what open made. */
  close(): Promise<void>;
};

/**
 * The database a kill -9 test shares with the server processes it starts: a fresh SQLite DATA_DIR,
 * or a fresh schema when DATABASE_URL is set (the suite's PostgreSQL run).
 */
export function crashDatabase(name: string, extraEnv: Record<string, string> = {}): CrashDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), `brisk-${name}-crash-`));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const pg = databaseUrl ? { databaseUrl, schema: `brisk_${name.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}` } : undefined;
  let handle: DbHandle | undefined;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: pg?.schema, REDIS_URL: undefined, STATIC_DIR: join(dataDir, 'no-dist'), LOG_LEVEL: 'info', ...extraEnv },
    async open() {
      handle = await openSeededDatabase(dataDir, pg);
      return handle;
    },
    async close() {
      await handle?.close();
      await dropSchema(pg);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
