import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ServiceContext } from './service-context.ts';

/** A database handle inside a transaction (or the one connection holding it on SQLite). */
export type Tx = Kysely<Database>;

// PostgreSQL: deadlock detected, serialization failure. Both mean "nothing happened, try again".
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

async function once<T>(ctx: Pick<ServiceContext, 'db' | 'dialect'>, work: (trx: Tx) => Promise<T>): Promise<T> {
  if (ctx.dialect === 'postgres') return ctx.db.transaction().execute(work);
  // SQLite: BEGIN IMMEDIATE takes the write lock up front, so a transaction that reads and then
  // writes cannot fail half-way because another process (the ops CLI) wrote in between; waiting
  // for that lock is bounded by busy_timeout. Inside this process Kysely's single connection already
  // serialises transactions. Everything inside must use `trx`: the pool's only connection is ours.
  return ctx.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Runs `work` in one write transaction: all of it commits or none. On PostgreSQL a deadlock or
 * serialization failure is retried (the work is re-run from the start, so it must read its state
 * through `trx`).
 */
export async function writeTransaction<T>(ctx: Pick<ServiceContext, 'db' | 'dialect'>, work: (trx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await once(ctx, work);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

/**
 * Serialises writers that act for one user (withdrawal limits span currencies, so locking one
 * balance row is not enough). PostgreSQL: a transaction-scoped advisory lock; SQLite: transactions
 * are already serial.
 */
export async function lockUser(trx: Tx, dialect: ServiceContext['dialect'], userId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${USER_LOCK_SPACE}, ${userId})`.execute(trx);
}
/** The advisory-lock key space of per-user money locks (the seed uses single-key locks). */
const USER_LOCK_SPACE = 3;
