import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { UserInfo } from '../../contract/api/account.ts';
import type { UsersTable } from '../db/schema.ts';
import type { AccountTarget } from '../domain/account-target.ts';
import { makeInviteCode } from '../domain/invite-code.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { isUniqueViolation } from './db-errors.ts';
import { iso, type ServiceContext } from './service-context.ts';
import { writeTransaction, type Tx } from './write-transaction.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  target: AccountTarget;
  passwordHash: string;
  inviterId: number | null;
  nickname?: string;
}

const INVITE_CODE_TRIES = 5;

export class UserService {
  constructor(private readonly ctx: ServiceContext) {}

  async findByTarget(target: AccountTarget): Promise<UserRow | undefined> {
    const query = this.ctx.db.selectFrom('users').selectAll();
    if (target.kind === 'email') return query.where('email', '=', target.email).executeTakeFirst();
    return query.where('area_code', '=', target.areaCode).where('phone', '=', target.phone).executeTakeFirst();
  }

  /** Sign-in by a bare number without area code: only when exactly one account has that number. */
  async findByPhoneAlone(phone: string): Promise<UserRow | undefined> {
    const rows = await this.ctx.db.selectFrom('users').selectAll().where('phone', '=', phone).limit(2).execute();
    return rows.length === 1 ? rows[0] : undefined;
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async info(id: number): Promise<UserInfo | null> {
    const row = await this.findById(id);
    if (!row) return null;
    return {
      uid: row.id,
      email: row.email,
      phone: row.phone,
      area_code: row.area_code,
      nickname: row.nickname,
      signature: row.signature,
      avatar: row.avatar,
      extension_code: row.extension_code,
      real_state: row.real_state as UserInfo['real_state'],
      has_pay_password: row.pay_password_hash !== null,
      created_at: row.created_at,
    };
  }

  async emailAvailable(email: string): Promise<boolean> {
    return (await this.findByTarget({ kind: 'email', email })) === undefined;
  }

  /** The id of the user who owns this invitation code. */
  async inviterOf(code: string): Promise<number | undefined> {
    const row = await this.ctx.db.selectFrom('users').select('id').where('extension_code', '=', code).executeTakeFirst();
    return row?.id;
  }

  /** Creates the account; AUTH.ACCOUNT_EXISTS when another request registered the same address first. */
  async create(input: NewUser): Promise<Outcome<number>> {
    const now = iso(this.ctx.clock.now());
    const { target } = input;
    for (let attempt = 0; attempt < INVITE_CODE_TRIES; attempt += 1) {
      const extensionCode = makeInviteCode(randomInt);
      try {
        const id = await writeTransaction(this.ctx, async (trx) => {
          const row = await trx
            .insertInto('users')
            .values({
              email: target.kind === 'email' ? target.email : null,
              area_code: target.kind === 'mobile' ? target.areaCode : null,
              phone: target.kind === 'mobile' ? target.phone : null,
              password_hash: input.passwordHash,
              nickname: input.nickname ?? '',
              signature: '',
              avatar: '',
              extension_code: extensionCode,
              inviter_id: input.inviterId,
              real_state: 0,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // The default nickname needs the uid, which only exists after the insert.
          if (input.nickname === undefined) await trx.updateTable('users').set({ nickname: `u${row.id}` }).where('id', '=', row.id).execute();
          return row.id;
        });
        return success(id);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Either the address was taken meanwhile, or the random invitation code collided: tell which.
        if (await this.findByTarget(target)) return failure('AUTH.ACCOUNT_EXISTS', 'user_string');
      }
    }
    throw new Error('could not find a free invitation code');
  }

  async updateProfile(id: number, fields: { nickname?: string; signature?: string }): Promise<void> {
    await this.ctx.db.updateTable('users').set({ ...fields, updated_at: iso(this.ctx.clock.now()) }).where('id', '=', id).execute();
  }

  async setAvatar(id: number, path: string, db: Tx = this.ctx.db): Promise<void> {
    await db.updateTable('users').set({ avatar: path, updated_at: iso(this.ctx.clock.now()) }).where('id', '=', id).execute();
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.ctx.db.updateTable('users').set({ password_hash: passwordHash, updated_at: iso(this.ctx.clock.now()) }).where('id', '=', id).execute();
  }

  /** Binds a phone; USER.MOBILE_TAKEN when it belongs to someone else. */
  async bindMobile(id: number, areaCode: string, phone: string): Promise<Outcome<void>> {
    const owner = await this.findByTarget({ kind: 'mobile', areaCode, phone });
    if (owner && owner.id !== id) return failure('USER.MOBILE_TAKEN', 'mobile');
    try {
      await this.ctx.db
        .updateTable('users')
        .set({ area_code: areaCode, phone, updated_at: iso(this.ctx.clock.now()) })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) return failure('USER.MOBILE_TAKEN', 'mobile');
      throw error;
    }
    return success(undefined);
  }
}
