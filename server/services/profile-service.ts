import type { AccountTarget } from '../domain/account-target.ts';
import { UPLOAD_PATH } from '../domain/image-type.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { checkNickname, checkSignature } from '../domain/profile-text.ts';
import type { CodeService } from './code-service.ts';
import type { UploadService } from './upload-service.ts';
import type { UserService } from './user-service.ts';

/** The signed-in user's own profile: nickname, signature, avatar, phone. */
export class ProfileService {
  constructor(
    private readonly users: UserService,
    private readonly uploads: UploadService,
    private readonly codes: CodeService,
  ) {}

  /** Either field or both; texts arrive trimmed. Nothing changes unless every given field is valid. */
  async edit(userId: number, fields: { nickname?: string; signature?: string }): Promise<Outcome<void>> {
    if (fields.nickname === undefined && fields.signature === undefined) return failure('VALID.REQUIRED', 'nickname');
    const problem = (fields.nickname !== undefined && checkNickname(fields.nickname)) || (fields.signature !== undefined && checkSignature(fields.signature));
    if (problem) return problem;
    await this.users.updateProfile(userId, fields);
    return success(undefined);
  }

  /**
   * Only a path this server issued to this user: an avatar can never point at someone else's file or
   * another host. Nor at an identity document: the avatar is served to anyone.
   */
  async setAvatar(userId: number, path: string): Promise<Outcome<void>> {
    const name = UPLOAD_PATH.exec(path)?.[1];
    const used = name !== undefined && (await this.uploads.useAsAvatar(userId, name, (trx) => this.users.setAvatar(userId, path, trx)));
    return used ? success(undefined) : failure('UPLOAD.UNKNOWN_FILE', 'head_portrait');
  }

  /**
   * The code before the number's owner: a bind_mobile code only goes to a number no other account
   * has, so without one this cannot tell whether a number has an account (users.bindMobile still
   * refuses one taken meanwhile).
   */
  async bindMobile(userId: number, target: Extract<AccountTarget, { kind: 'mobile' }>, code: string): Promise<Outcome<void>> {
    const used = await this.codes.consume(target, 'bind_mobile', code);
    if (!used.ok) return used;
    return this.users.bindMobile(userId, target.areaCode, target.phone);
  }
}
