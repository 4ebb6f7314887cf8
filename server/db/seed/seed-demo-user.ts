import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { makeInviteCode } from '../../domain/invite-code.ts';
import type { Database } from '../schema.ts';

export const DEMO_USER = { email: 'demo@brisk.dev', password: 'brisk-demo', nickname: 'Demo' } as const;

/** Inserts the demo account unless it exists. The hash is passed in: it is slow, so it is made only when needed. */
export async function demoUserMissing(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').where('email', '=', DEMO_USER.email).executeTakeFirst());
}

export async function seedDemoUser(db: Kysely<Database>, passwordHash: string, nowIso: string): Promise<void> {
  await db
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
    .execute();
}
