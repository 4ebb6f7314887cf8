import type { Kysely, Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

/** Housekeeping forgets idempotency keys past their retention (domain/idempotency-rules.ts) by age. */
export function idempotencyKeyAgeMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('idempotency_keys_created_idx').ifExists().execute();
    },
  };
}
