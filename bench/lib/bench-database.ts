// A bench's fresh database, migrated and seeded, and the service context the server's code takes.
import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { openDatabase, type DbHandle } from '../../server/db/open-database.ts';
import { runSeed } from '../../server/db/seed/run-seed.ts';
import { loadConfig } from '../../server/src/config.ts';
import { systemClock, type Clock } from '../../server/services/clock.ts';
import { hashPassword } from '../../server/services/password-hasher.ts';
import type { Log, ServiceContext } from '../../server/services/service-context.ts';
import { withPg } from '../../tests/server/helpers/server-process.ts';

export interface BenchDatabase {
  handle: DbHandle;
  ctx: ServiceContext;
  usdtId: number;
  /** Closes the connection, and drops the PostgreSQL schema it made (the caller removes dataDir). */
  close(): Promise<void>;
}

const quiet: Log = { info: () => undefined, warn: () => undefined };

/**
 * SQLite in `dataDir`, or with `databaseUrl` a new schema of its own on that PostgreSQL server.
 * `clock` is the context's time (the system's unless given), `log` where services log (nowhere).
 */
export async function openBenchDatabase(dataDir: string, { databaseUrl, clock = systemClock, log = quiet }: { databaseUrl?: string; clock?: Clock; log?: Log } = {}): Promise<BenchDatabase> {
  const schema = databaseUrl ? `brisk_bench_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) await withPg(databaseUrl, (c) => c.query(`create schema ${schema}`));
  const handle = openDatabase(loadConfig({ DATA_DIR: dataDir, ...(schema ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) }));
  const close = async () => {
    await handle.close();
    if (schema) await withPg(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
  };
  try {
    await migrateToLatest(handle.db, handle.dialect, schema);
    await runSeed(handle.db, handle.dialect, { hashPassword, now: new Date() });
    const usdt = await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow();
    return { handle, ctx: { db: handle.db, dialect: handle.dialect, clock, log }, usdtId: usdt.id, close };
  } catch (error) {
    await close();
    throw error;
  }
}
