import { sql } from 'kysely';
import { IDEMPOTENCY_KEY_RETENTION_MS } from '../domain/idempotency-rules.ts';
import { iso, type ServiceContext } from './service-context.ts';
import type { UploadService } from './upload-service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Deletes rows nothing reads any more: throttle events past every window, codes long expired,
 * sessions a week past expiry, dev-outbox messages after a week, idempotency keys past their
 * retention (in batches: every order writes one, so a day's may be many); and uploads nothing refers to,
 * file and row, once their grace period is over (UploadService.removeExpired). Idempotent, so every
 * process may run it.
 */
export async function pruneExpired(ctx: ServiceContext, uploads: UploadService): Promise<void> {
  const nowMs = ctx.clock.now().getTime();
  const before = (ms: number) => iso(new Date(nowMs - ms));
  await ctx.db.deleteFrom('throttle_events').where('created_at', '<', before(DAY_MS)).execute();
  await ctx.db.deleteFrom('verification_codes').where('expires_at', '<', before(DAY_MS)).execute();
  await ctx.db.deleteFrom('sessions').where('expires_at', '<', before(7 * DAY_MS)).execute();
  await ctx.db.deleteFrom('outbox_messages').where('created_at', '<', before(7 * DAY_MS)).execute();
  await forgetOldKeys(ctx, before(IDEMPOTENCY_KEY_RETENTION_MS));
  await uploads.removeExpired();
}

/** Batches keep each delete a short write, so orders are not held up behind the sweep. */
const KEY_BATCH = 5_000;

async function forgetOldKeys(ctx: ServiceContext, cutoff: string): Promise<void> {
  for (;;) {
    const result = await sql`delete from idempotency_keys where (user_id, endpoint, key) in (
      select user_id, endpoint, key from idempotency_keys where created_at < ${cutoff} limit ${KEY_BATCH})`.execute(ctx.db);
    if (Number(result.numAffectedRows ?? 0) < KEY_BATCH) return;
  }
}

/** Runs pruneExpired now and then hourly; the timer never keeps the process alive. */
export function startHousekeeping(ctx: ServiceContext, uploads: UploadService): { stop(): void } {
  const run = () => pruneExpired(ctx, uploads).catch((error: unknown) => ctx.log.warn({ err: error }, 'housekeeping failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
