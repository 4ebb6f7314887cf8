import { Redis, type RedisOptions } from 'ioredis';
import type { Log } from '../services/service-context.ts';

/**
 * One connection to REDIS_URL, open when this answers. `role` names it in the log: a Redis that
 * goes away is reported, and ioredis reconnects by itself.
 */
export async function openRedis(url: string, log: Log, role: string, options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, ...options });
  redis.on('error', (error: unknown) => log.warn({ err: error }, `redis (${role}) error`));
  try {
    await redis.connect();
  } catch (error) {
    // ioredis keeps retrying after a failed connect: stop it, or a failed start leaves it running.
    redis.disconnect();
    throw error;
  }
  return redis;
}

/** Closes connections opened by openRedis, waiting for what they were sending. */
export async function closeRedis(connections: readonly Redis[]): Promise<void> {
  await Promise.all(connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
}
