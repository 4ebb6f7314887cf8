import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DbDialect } from '../db/open-database.ts';
import type { Clock } from './clock.ts';

/** The part of pino (Fastify's logger) services use. */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What every service is built from: the database, the time, and somewhere to log. */
export interface ServiceContext {
  db: Kysely<Database>;
  dialect: DbDialect;
  clock: Clock;
  log: Log;
}

export const iso = (date: Date): string => date.toISOString();
