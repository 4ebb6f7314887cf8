import { sql, type Kysely, type Migration } from 'kysely';

type AnyDb = Kysely<unknown>;

/** The grace period when this migration was written; later changes to it do not rewrite history. */
const GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Uploads learn what they are used for (server/domain/upload-rules.ts) and when housekeeping may
 * remove them. Existing rows: a file an identity verification names becomes an identity document
 * (private from now on), then a file that is its owner's avatar stays public; anything else was
 * never used and expires a grace period after its upload, as a new one would.
 */
export function uploadPurposeMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('uploads').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('uploads').addColumn('expires_at', 'text').execute();
      // The quota counts a user's uploads of the last day; housekeeping looks for expired ones.
      await db.schema.createIndex('uploads_user_created_idx').on('uploads').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('uploads_expires_idx').on('uploads').column('expires_at').execute();

      await sql`update uploads set purpose = 'identity' where exists (
        select 1 from identity_verifications v
        where v.user_id = uploads.user_id and (v.front_pic = '/uploads/' || uploads.name or v.reverse_pic = '/uploads/' || uploads.name))`.execute(db);
      await sql`update uploads set purpose = 'avatar' where purpose = '' and exists (
        select 1 from users u where u.id = uploads.user_id and u.avatar = '/uploads/' || uploads.name)`.execute(db);
      const unused = await sql<{ id: number; created_at: string }>`select id, created_at from uploads where purpose = ''`.execute(db);
      for (const row of unused.rows) {
        const expiresAt = new Date(Date.parse(row.created_at) + GRACE_MS).toISOString();
        await sql`update uploads set expires_at = ${expiresAt} where id = ${row.id}`.execute(db);
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('uploads_expires_idx').ifExists().execute();
      await db.schema.dropIndex('uploads_user_created_idx').ifExists().execute();
      await db.schema.alterTable('uploads').dropColumn('expires_at').execute();
      await db.schema.alterTable('uploads').dropColumn('purpose').execute();
    },
  };
}
