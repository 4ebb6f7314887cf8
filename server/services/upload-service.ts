import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detectImageType, UPLOAD_MAX_BYTES } from '../domain/image-type.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { iso, type ServiceContext } from './service-context.ts';

/** Images users upload, kept under DATA_DIR/uploads with random names the client cannot choose. */
export class UploadService {
  constructor(
    private readonly ctx: ServiceContext,
    readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Stores an image and answers its public path, /uploads/<name>. */
  async storeImage(userId: number, bytes: Buffer): Promise<Outcome<string>> {
    if (bytes.length === 0) return failure('UPLOAD.MISSING_FILE', 'file');
    if (bytes.length > UPLOAD_MAX_BYTES) return failure('UPLOAD.TOO_LARGE', 'file');
    const type = detectImageType(bytes);
    if (!type) return failure('UPLOAD.NOT_IMAGE', 'file');
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    // 'wx' never overwrites: a name collision fails loudly instead of replacing someone's file.
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    await this.ctx.db
      .insertInto('uploads')
      .values({ name, user_id: userId, mime: type.mime, size_bytes: bytes.length, created_at: iso(this.ctx.clock.now()) })
      .execute();
    return success(`/uploads/${name}`);
  }

  async isIssuedTo(name: string, userId: number): Promise<boolean> {
    const row = await this.ctx.db.selectFrom('uploads').select('id').where('name', '=', name).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }
}
