import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { makeInviteCode } from '../../domain/invite-code.ts';
import type { Database } from '../schema.ts';

export const DEMO_USER = { email: 'demo@brisk.dev', password: 'brisk-demo', nickname: 'Demo' } as const;

/** Whether the seed must make the demo account; its password hash is slow, so it is made only then. */
export async function demoUserMissing(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').where('email', '=', DEMO_USER.email).executeTakeFirst());
}

/**
 * Inserts the demo account unless it exists; answers its id when this call inserted it, null when it
 * was there (users.email is unique: of two processes seeding together, one inserts).
 */
export async function seedDemoUser(db: Kysely<Database>, passwordHash: string, nowIso: string): Promise<number | null> {
  const inserted = await db
    .insertInto('users')
    .values({
      email: DEMO_USER.email,
      area_code: null,
      phone: null,
      password_hash: passwordHash,
      nickname: DEMO_USER.nickname,
      signature: '',
      avatar: '',
      extension_code: makeInviteCode(randomInt),
      inviter_id: null,
      real_state: 0,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}
