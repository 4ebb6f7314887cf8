import { createHash, randomBytes } from 'node:crypto';
import { sessionTtlMs } from '../domain/login-rules.ts';
import { iso, type ServiceContext } from './service-context.ts';

/** What the database keeps of a token: its SHA-256 in lowercase hex (the device keeps this after a logout it could not send). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A revocation: one session by its token's hash (logout) or every session of a user (password change). */
export type SessionRevoked = { tokenHash: string } | { userId: number };

/**
 * How long a looked-up session is trusted without asking the database again. Logout and password
 * changes made through this process drop the cached entries at once; only a session revoked by
 * another process (no such path exists today) or deleted by hand stays usable here for up to this long.
 */
export const SESSION_CACHE_MS = 5000;
const SESSION_CACHE_MAX = 20_000;

interface CachedSession {
  userId: number;
  tokenHash: string;
  expiresAtMs: number;
  checkedAtMs: number;
}

/**
 * Bearer sessions: the client holds 32 random bytes; the database holds only their SHA-256. Live
 * sessions are cached for SESSION_CACHE_MS, so a busy client (an order every few milliseconds) does
 * not cost a database read per request. The cache is keyed by the token as sent, so a hit does not
 * hash either (this process sees the token in every request anyway; the database never does).
 */
export class SessionService {
  private readonly revokedListeners = new Set<(revoked: SessionRevoked) => void>();
  private cache = new Map<string, CachedSession>();
  /** Bumped by every revocation: a lookup that raced one does not cache what it read. */
  private revocations = 0;

  constructor(private readonly ctx: ServiceContext) {}

  /** Hears revocations made by this process at once (the socket user channel closes on logout). */
  onRevoked(listener: (revoked: SessionRevoked) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** The user and expiry of a live token, or null (for holders that must stop at expiry by themselves). */
  async lookup(token: string): Promise<{ userId: number; expiresAtMs: number } | null> {
    const row = await this.ctx.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', iso(this.ctx.clock.now()))
      .executeTakeFirst();
    return row ? { userId: row.user_id, expiresAtMs: Date.parse(row.expires_at) } : null;
  }

  private announce(revoked: SessionRevoked): void {
    for (const listener of this.revokedListeners) {
      try {
        listener(revoked);
      } catch (error) {
        this.ctx.log.warn({ err: error }, 'session revocation listener failed');
      }
    }
  }

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
    const nowMs = this.ctx.clock.now().getTime();
    const cached = this.cache.get(token);
    if (cached && nowMs < cached.expiresAtMs && nowMs >= cached.checkedAtMs && nowMs - cached.checkedAtMs < SESSION_CACHE_MS) return cached.userId;
    const revocations = this.revocations;
    const tokenHash = hashToken(token);
    const row = await this.ctx.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', iso(new Date(nowMs)))
      .executeTakeFirst();
    if (!row) {
      this.cache.delete(token);
      return null;
    }
    if (revocations !== this.revocations) return row.user_id;
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache = new Map([...this.cache].filter(([, c]) => nowMs - c.checkedAtMs < SESSION_CACHE_MS));
    this.cache.set(token, { userId: row.user_id, tokenHash, expiresAtMs: Date.parse(row.expires_at), checkedAtMs: nowMs });
    return row.user_id;
  }

  async revoke(token: string): Promise<void> {
    await this.revokeHash(hashToken(token));
  }

  /**
   * The session whose token hashes to `tokenHash`, if any: a device that could not reach the server
   * at logout keeps only the hash, which revokes but cannot sign in.
   */
  async revokeHash(tokenHash: string): Promise<void> {
    await this.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: iso(this.ctx.clock.now()) })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
    this.revocations += 1;
    for (const [token, cached] of this.cache) if (cached.tokenHash === tokenHash) this.cache.delete(token);
    this.announce({ tokenHash });
  }

  /** Every session of the user: after a password change or reset, other devices must sign in again. */
  async revokeAll(userId: number): Promise<void> {
    await this.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: iso(this.ctx.clock.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    this.revocations += 1;
    for (const [token, cached] of this.cache) if (cached.userId === userId) this.cache.delete(token);
    this.announce({ userId });
  }
}
