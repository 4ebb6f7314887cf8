import type { SessionRevoked } from '../services/session-service.ts';

/** One socket's private channel: whose it is, with which token, until when. */
interface Holder {
  socketId: string;
  token: string;
  tokenHash: string;
  userId: number;
  expiresAtMs: number;
}

export interface UserChannelGuardDeps {
  /** What the database keeps of a token (SessionService's hashToken): logouts name sessions by it. */
  hashToken(token: string): string;
  /** The user and expiry of a live token (SessionService.lookup). */
  lookup(token: string): Promise<{ userId: number; expiresAtMs: number } | null>;
  nowMs(): number;
  /** Takes the socket off its user channel. */
  close(socketId: string): void;
}

/** Revocations made by other processes (the ops CLI, a second server) are found within this. */
export const USER_CHANNEL_SWEEP_MS = 15_000;

/**
 * Keeps the private channel to live sessions only: a socket leaves its user channel when its
 * session is revoked in this process (logout, password change: at once), when the session expires
 * (checked before every private message and on snapshots), and when a periodic sweep finds the
 * token dead in the database (revocations from elsewhere).
 */
export class UserChannelGuard {
  private readonly holders = new Map<string, Holder>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: UserChannelGuardDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), USER_CHANNEL_SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  add(socketId: string, token: string, userId: number, expiresAtMs: number): void {
    this.holders.set(socketId, { socketId, token, tokenHash: this.deps.hashToken(token), userId, expiresAtMs });
  }

  remove(socketId: string): void {
    this.holders.delete(socketId);
  }

  /** The socket's user while its session lives; closes the channel of an expired one. */
  live(socketId: string): number | null {
    const holder = this.holders.get(socketId);
    if (!holder) return null;
    if (holder.expiresAtMs > this.deps.nowMs()) return holder.userId;
    this.kick(holder);
    return null;
  }

  /** Before a private message goes to a user's sockets: those whose session expired leave first. */
  checkUser(userId: number): void {
    const nowMs = this.deps.nowMs();
    for (const holder of [...this.holders.values()]) if (holder.userId === userId && holder.expiresAtMs <= nowMs) this.kick(holder);
  }

  revoked(revoked: SessionRevoked): void {
    for (const holder of [...this.holders.values()]) {
      if ('tokenHash' in revoked ? holder.tokenHash === revoked.tokenHash : holder.userId === revoked.userId) this.kick(holder);
    }
  }

  /** Asks the database about every held token (one lookup per distinct token). */
  async sweep(): Promise<void> {
    const tokens = new Map<string, Holder[]>();
    for (const holder of this.holders.values()) tokens.set(holder.token, [...(tokens.get(holder.token) ?? []), holder]);
    for (const [token, holders] of tokens) {
      const session = await this.deps.lookup(token).catch(() => undefined);
      if (session === undefined) continue; // the database did not answer: try again next time
      for (const holder of holders) if (!session || session.userId !== holder.userId) this.kick(holder);
    }
  }

  private kick(holder: Holder): void {
    if (this.holders.get(holder.socketId) !== holder) return;
    this.holders.delete(holder.socketId);
    this.deps.close(holder.socketId);
  }
}
