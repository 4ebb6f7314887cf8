import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { evaluateThrottle, longestWindowMs, type ThrottleRule, type ThrottleVerdict } from '../domain/throttle-rules.ts';
import { iso, type ServiceContext } from './service-context.ts';
import { writeTransaction } from './write-transaction.ts';

export interface ThrottleCheck {
  bucket: string;
  rules: readonly ThrottleRule[];
}

/**
 * Sliding-window limits kept in the database, so every server process on it shares the counts.
 * A bucket is a string such as "code:target:email:a@b.c" or "login:ip:1.2.3.4".
 */
export class ThrottleService {
  constructor(private readonly ctx: ServiceContext) {}

  private async eventTimes(db: Kysely<Database>, check: ThrottleCheck, nowMs: number): Promise<number[]> {
    const since = iso(new Date(nowMs - longestWindowMs(check.rules)));
    const rows = await db
      .selectFrom('throttle_events')
      .select('created_at')
      .where('bucket', '=', check.bucket)
      .where('created_at', '>', since)
      .execute();
    return rows.map((row) => Date.parse(row.created_at));
  }

  /** Whether one more event would be allowed now, without recording anything. */
  async check(checks: readonly ThrottleCheck[]): Promise<ThrottleVerdict> {
    const nowMs = this.ctx.clock.now().getTime();
    let worst: ThrottleVerdict = { allowed: true };
    for (const check of checks) {
      const verdict = evaluateThrottle(check.rules, await this.eventTimes(this.ctx.db, check, nowMs), nowMs);
      if (!verdict.allowed && (worst.allowed || verdict.retryAfterMs > worst.retryAfterMs)) worst = verdict;
    }
    return worst;
  }

  /** Records one event in each bucket and forgets events too old to matter. */
  async record(checks: readonly ThrottleCheck[], db: Kysely<Database> = this.ctx.db): Promise<void> {
    const now = this.ctx.clock.now();
    for (const check of checks) {
      const expired = iso(new Date(now.getTime() - longestWindowMs(check.rules)));
      await db.deleteFrom('throttle_events').where('bucket', '=', check.bucket).where('created_at', '<=', expired).execute();
      await db.insertInto('throttle_events').values({ bucket: check.bucket, created_at: iso(now) }).execute();
    }
  }

  /**
   * Check and record as one step: two processes cannot both take the last slot. A write
   * transaction from the start: on SQLite a deferred one that read first failed at once ("database
   * is locked") when another connection committed before its first write.
   */
  async consume(checks: readonly ThrottleCheck[]): Promise<ThrottleVerdict> {
    return writeTransaction(this.ctx, async (trx) => {
      await this.lock(trx, checks);
      const nowMs = this.ctx.clock.now().getTime();
      for (const check of checks) {
        const verdict = evaluateThrottle(check.rules, await this.eventTimes(trx, check, nowMs), nowMs);
        if (!verdict.allowed) return verdict;
      }
      await this.record(checks, trx);
      return { allowed: true } as const;
    });
  }

  /** Gives back the newest event of a bucket: an attempt counted up front that turned out not to count. */
  async releaseOne(bucket: string): Promise<void> {
    const newest = await this.ctx.db.selectFrom('throttle_events').select('id').where('bucket', '=', bucket).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (newest) await this.ctx.db.deleteFrom('throttle_events').where('id', '=', newest.id).execute();
  }

  async clear(bucket: string): Promise<void> {
    await this.ctx.db.deleteFrom('throttle_events').where('bucket', '=', bucket).execute();
  }

  /**
   * PostgreSQL: a transaction-scoped advisory lock per bucket (taken in sorted order, so two callers
   * cannot deadlock). SQLite serialises writers itself.
   */
  private async lock(trx: Kysely<Database>, checks: readonly ThrottleCheck[]): Promise<void> {
    if (this.ctx.dialect !== 'postgres') return;
    for (const bucket of checks.map((c) => c.bucket).sort()) {
      await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
    }
  }
}
