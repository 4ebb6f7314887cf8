import { createHash, randomBytes } from 'node:crypto';
import { sessionTtlMs } from '../domain/login-rules.ts';
import { iso, type ServiceContext } from './service-context.ts';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Bearer sessions: the client holds 32 random bytes; the database holds only their SHA-256. */
export class SessionService {
  constructor(private readonly ctx: ServiceContext) {}

  async create(userId: number, stay: boolean, ip: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.clock.now();
    await this.ctx.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        created_at: iso(now),
        expires_at: iso(new Date(now.getTime() + sessionTtlMs(stay))),
        revoked_at: null,
        ip,
      })
      .execute();
    return token;
  }

  /** The user a live token belongs to, or null for unknown, expired or revoked tokens. */
  async userOf(token: string): Promise<number | null> {
    const row = await this.ctx.db
      .selectFrom('sessions')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', iso(this.ctx.clock.now()))
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async revoke(token: string): Promise<void> {
    await this.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: iso(this.ctx.clock.now()) })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Every session of the user: after a password change or reset, other devices must sign in again. */
  async revokeAll(userId: number): Promise<void> {
    await this.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: iso(this.ctx.clock.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
