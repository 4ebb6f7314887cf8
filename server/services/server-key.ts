import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A secret shared by every process on this database, made on first use. Kept in the database
 * (not in a file under DATA_DIR) so several processes on one PostgreSQL agree on it.
 */
export async function loadServerKey(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
