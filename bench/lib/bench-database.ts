// A bench's fresh database, migrated and seeded, and the service context the server's code takes.
import { randomBytes } from 'node:crypto';
import type { DbHandle } from '../../server/db/open-database.ts';
import { systemClock, type Clock } from '../../server/services/clock.ts';
import type { Log, ServiceContext } from '../../server/services/service-context.ts';
import { dropSchema, openSeededDatabase } from '../../tests/server/helpers/seeded-database.ts';

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
  const pg = databaseUrl ? { databaseUrl, schema: `brisk_bench_${randomBytes(4).toString('hex')}` } : undefined;
  let handle: DbHandle;
  try {
    handle = await openSeededDatabase(dataDir, pg);
  } catch (error) {
    await dropSchema(pg);
    throw error;
  }
  const close = async () => {
    await handle.close();
    await dropSchema(pg);
  };
  try {
    const usdt = await handle.db.selectFrom('currencies').select('id').where('symbol', '=', 'USDT').executeTakeFirstOrThrow();
    return { handle, ctx: { db: handle.db, dialect: handle.dialect, clock, log }, usdtId: usdt.id, close };
  } catch (error) {
    await close();
    throw error;
  }
}
