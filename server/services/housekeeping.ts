import { iso, type ServiceContext } from './service-context.ts';
import type { UploadService } from './upload-service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Deletes rows nothing reads any more: throttle events past every window, codes long expired,
 * sessions a week past expiry, dev-outbox messages after a week; and uploads nothing refers to,
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
  await uploads.removeExpired();
}

/** Runs pruneExpired now and then hourly; the timer never keeps the process alive. */
export function startHousekeeping(ctx: ServiceContext, uploads: UploadService): { stop(): void } {
  const run = () => pruneExpired(ctx, uploads).catch((error: unknown) => ctx.log.warn({ err: error }, 'housekeeping failed'));
  void run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
