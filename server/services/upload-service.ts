import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detectImageType, UPLOAD_MAX_BYTES, UPLOAD_NAME } from '../domain/image-type.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { fitsUploadQuota, isPublicUpload, UPLOAD_GRACE_MS, UPLOAD_QUOTA, type UploadPurpose, type UploadQuota } from '../domain/upload-rules.ts';
import { iso, type ServiceContext } from './service-context.ts';
import { lockUser, writeTransaction, type Tx } from './write-transaction.ts';

/** An upload someone may read, and how it may be cached. */
export interface ReadableUpload {
  file: string;
  mime: string;
  isPublic: boolean;
}

/** Rows per housekeeping query: an IN list both dialects take comfortably. */
const BATCH = 500;

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/**
 * Images users upload, kept under DATA_DIR/uploads with random names the client cannot choose. A
 * row per file says whose it is, what it is used for and when it may go; the row comes first and
 * the file second, so a file on disk without a row is always garbage.
 */
export class UploadService {
  constructor(
    private readonly ctx: ServiceContext,
    readonly dir: string,
    private readonly quota: UploadQuota = UPLOAD_QUOTA,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Stores an image and answers its path, /uploads/<name>; readable by its owner only until it becomes an avatar. */
  async storeImage(userId: number, bytes: Buffer): Promise<Outcome<string>> {
    if (bytes.length === 0) return failure('UPLOAD.MISSING_FILE', 'file');
    if (bytes.length > UPLOAD_MAX_BYTES) return failure('UPLOAD.TOO_LARGE', 'file');
    const type = detectImageType(bytes);
    if (!type) return failure('UPLOAD.NOT_IMAGE', 'file');
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    if (!(await this.reserve(userId, name, type.mime, bytes.length))) return failure('UPLOAD.QUOTA_EXCEEDED', 'file');
    try {
      // 'wx' never overwrites: a name collision fails loudly instead of replacing someone's file.
      await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    } catch (error) {
      // The quota is given back; a half-written file has no row and the sweep removes it.
      await this.ctx.db.deleteFrom('uploads').where('name', '=', name).execute();
      throw error;
    }
    return success(`/uploads/${name}`);
  }

  /**
   * Counts and inserts under the user's lock in one write transaction: parallel uploads of one user
   * queue here, so a burst cannot all pass the check before any of them is counted.
   */
  private async reserve(userId: number, name: string, mime: string, size: number): Promise<boolean> {
    const now = this.ctx.clock.now();
    return writeTransaction(this.ctx, async (trx) => {
      await lockUser(trx, this.ctx.dialect, userId);
      const used = await trx.selectFrom('uploads')
        .select((eb) => [eb.fn.countAll().as('files'), eb.fn.sum('size_bytes').as('bytes')])
        .where('user_id', '=', userId)
        .where('created_at', '>', iso(new Date(now.getTime() - this.quota.windowMs)))
        .executeTakeFirst();
      // PostgreSQL answers count and sum as strings (bigint), and sum as null over no rows.
      if (!fitsUploadQuota({ files: Number(used?.files ?? 0), bytes: Number(used?.bytes ?? 0) }, size, this.quota)) return false;
      await trx.insertInto('uploads').values({
        name, user_id: userId, mime, size_bytes: size, created_at: iso(now), expires_at: iso(new Date(now.getTime() + UPLOAD_GRACE_MS)),
      }).execute();
      return true;
    });
  }

  /** Whether `name` is this user's upload and may still be used for `purpose`. */
  async isIssuedTo(name: string, userId: number, purpose: Exclude<UploadPurpose, ''>): Promise<boolean> {
    const row = await this.ctx.db.selectFrom('uploads').select('id')
      .where('name', '=', name).where('user_id', '=', userId).where('purpose', 'in', ['', purpose])
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Marks the user's uploads as used for `purpose` and keeps them; false unless every one is theirs
   * and free for it. A conditional update of the row itself, so it and housekeeping's delete cannot
   * both succeed. Run it in the transaction that writes the reference.
   */
  async claim(trx: Tx, userId: number, names: readonly string[], purpose: Exclude<UploadPurpose, ''>): Promise<boolean> {
    const distinct = [...new Set(names)];
    if (distinct.length === 0) return false;
    const result = await trx.updateTable('uploads').set({ purpose, expires_at: null })
      .where('user_id', '=', userId).where('name', 'in', distinct).where('purpose', 'in', ['', purpose])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === distinct.length;
  }

  /**
   * Makes an upload the user's avatar (public from now on); `write` stores the reference in the same
   * transaction. The avatars it replaces may be removed after the grace period. Under the user's lock,
   * so two avatar changes at once cannot both leave their file kept.
   */
  async useAsAvatar(userId: number, name: string, write: (trx: Tx) => Promise<void>): Promise<boolean> {
    return writeTransaction(this.ctx, async (trx) => {
      await lockUser(trx, this.ctx.dialect, userId);
      if (!(await this.claim(trx, userId, [name], 'avatar'))) return false;
      await write(trx);
      await trx.updateTable('uploads').set({ expires_at: iso(new Date(this.ctx.clock.now().getTime() + UPLOAD_GRACE_MS)) })
        .where('user_id', '=', userId).where('purpose', '=', 'avatar').where('expires_at', 'is', null).where('name', '<>', name)
        .execute();
      return true;
    });
  }

  /** The upload if `viewerId` may read it: an avatar by anyone, anything else by its owner alone. */
  async readable(name: string, viewerId: number | null): Promise<ReadableUpload | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    const row = await this.ctx.db.selectFrom('uploads').select(['user_id', 'mime', 'purpose']).where('name', '=', name).executeTakeFirst();
    if (!row) return null;
    const isPublic = isPublicUpload(row.purpose);
    if (!isPublic && row.user_id !== viewerId) return null;
    return { file: join(this.dir, name), mime: row.mime, isPublic };
  }

  /**
   * Removes expired uploads, row and file, then files no row names (left by a crash between the
   * two, or by a process that deleted the row on another disk). Answers how many files went.
   */
  async removeExpired(): Promise<number> {
    const now = this.ctx.clock.now();
    let removed = 0;
    for (;;) {
      const due = await this.ctx.db.selectFrom('uploads').select('id').where('expires_at', '<', iso(now)).orderBy('id').limit(BATCH).execute();
      if (due.length === 0) break;
      // Re-checked in the delete: a claim between the two statements keeps its row.
      const gone = await this.ctx.db.deleteFrom('uploads')
        .where('id', 'in', due.map((r) => r.id)).where('expires_at', '<', iso(now))
        .returning('name').execute();
      for (const { name } of gone) if (await this.unlinkQuietly(name)) removed += 1;
      if (due.length < BATCH) break;
    }
    return removed + (await this.sweepUnnamed(now));
  }

  private async sweepUnnamed(now: Date): Promise<number> {
    const names = (await readdir(this.dir)).filter((name) => UPLOAD_NAME.test(name));
    let removed = 0;
    for (let i = 0; i < names.length; i += BATCH) {
      const batch = names.slice(i, i + BATCH);
      const known = new Set((await this.ctx.db.selectFrom('uploads').select('name').where('name', 'in', batch).execute()).map((r) => r.name));
      for (const name of batch) {
        if (known.has(name)) continue;
        // Only old ones: a process of the previous version, in a rolling deploy, writes the file before its row.
        const written = await stat(join(this.dir, name)).then((s) => s.mtimeMs, () => null);
        if (written !== null && written < now.getTime() - UPLOAD_GRACE_MS && (await this.unlinkQuietly(name))) removed += 1;
      }
    }
    return removed;
  }

  private async unlinkQuietly(name: string): Promise<boolean> {
    try {
      await unlink(join(this.dir, name));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
