import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { RESEND_AFTER_S, type CodeScene, type SendCodeResult } from '../../contract/api/account.ts';
import type { Locale } from '../../contract/locales.ts';
import { targetAddress, targetKey, type AccountTarget } from '../domain/account-target.ts';
import {
  CODE_IP_RULES, CODE_MAX_ATTEMPTS, CODE_TARGET_RULES, CODE_TTL_MS, OWN_ADDRESS_SCENES, SIGNED_IN_SCENES,
  codeUnusableReason, formatCode,
} from '../domain/code-rules.ts';
import { failure, success, type Failure, type Outcome } from '../domain/outcome.ts';
import type { CodeSender } from './code-sender.ts';
import { codeMessageText } from './code-message-texts.ts';
import type { ThrottleRule } from '../domain/throttle-rules.ts';
import type { ThrottleService } from './throttle-service.ts';
import type { UserService } from './user-service.ts';
import { iso, type ServiceContext } from './service-context.ts';
import { writeTransaction } from './write-transaction.ts';

export interface CodeRequest {
  /** The address the request names; ignored for scenes that go to the user's own address. */
  target: AccountTarget | null;
  scene: CodeScene;
  /** The signed-in user, when the request carried a live session. */
  userId: number | null;
  ip: string;
  locale: Locale;
}

/** Six-digit codes: stored only as an HMAC, single use, 10 minutes, 5 tries, throttled per IP (every request) and address (every code). */
export class CodeService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly hmacKey: Buffer,
    private readonly throttle: ThrottleService,
    private readonly sender: CodeSender,
    private readonly users: UserService,
    private readonly ipRules: readonly ThrottleRule[] = CODE_IP_RULES,
  ) {}

  private digest(target: AccountTarget, scene: CodeScene, code: string): Buffer {
    return createHmac('sha256', this.hmacKey).update(`${targetKey(target)}|${scene}|${code}`).digest();
  }

  /** Who the code goes to, after the scene's rules about the account (exists, free, own). */
  private async resolveTarget(request: CodeRequest): Promise<Outcome<AccountTarget>> {
    const { scene, userId } = request;
    if (SIGNED_IN_SCENES.includes(scene) && userId === null) return { ok: false, code: 'AUTH.LOGIN_REQUIRED', session: true };
    if (OWN_ADDRESS_SCENES.includes(scene)) {
      const user = userId === null ? undefined : await this.users.findById(userId);
      if (!user) return { ok: false, code: 'AUTH.SESSION_EXPIRED', session: true };
      if (user.email) return success({ kind: 'email', email: user.email });
      if (user.area_code && user.phone) return success({ kind: 'mobile', areaCode: user.area_code, phone: user.phone });
      return failure('AUTH.ACCOUNT_NOT_FOUND');
    }
    const { target } = request;
    if (!target) return failure('VALID.REQUIRED', 'user_string');
    const field = target.kind === 'email' ? 'user_string' : 'mobile';
    const owner = await this.users.findByTarget(target);
    if (scene === 'register' && owner) return failure('AUTH.ACCOUNT_EXISTS', field);
    if (scene === 'forget' && !owner) return failure('AUTH.ACCOUNT_NOT_FOUND', field);
    if (scene === 'bind_mobile' && owner && owner.id !== userId) return failure('USER.MOBILE_TAKEN', field);
    if (scene === 'bind_email' && owner && owner.id !== userId) return failure('USER.EMAIL_TAKEN', field);
    return success(target);
  }

  async send(request: CodeRequest): Promise<Outcome<SendCodeResult>> {
    // The IP's slot goes before the account lookup: its refusals (exists, not found, taken) tell
    // whether an address has an account, so they are rationed like the codes themselves.
    if (!(await this.throttle.consume([{ bucket: `code:ip:${request.ip}`, rules: this.ipRules }])).allowed) return failure('CODE.TOO_MANY_REQUESTS');
    const resolved = await this.resolveTarget(request);
    if (!resolved.ok) return resolved;
    const target = resolved.value;
    const verdict = await this.throttle.consume([{ bucket: `code:target:${targetKey(target)}`, rules: CODE_TARGET_RULES }]);
    if (!verdict.allowed) return failure('CODE.TOO_MANY_REQUESTS');

    const code = formatCode(randomInt(0, 1_000_000));
    const now = this.ctx.clock.now();
    const key = targetKey(target);
    await writeTransaction(this.ctx, async (trx) => {
      // A new code replaces any earlier one for the same purpose: only the latest works.
      await trx.updateTable('verification_codes').set({ consumed_at: iso(now) })
        .where('target', '=', key).where('scene', '=', request.scene).where('consumed_at', 'is', null).execute();
      await trx.insertInto('verification_codes').values({
        target: key,
        scene: request.scene,
        code_hash: this.digest(target, request.scene, code).toString('hex'),
        attempts: 0,
        created_at: iso(now),
        expires_at: iso(new Date(now.getTime() + CODE_TTL_MS)),
        consumed_at: null,
      }).execute();
    });
    const text = codeMessageText(request.locale, code, CODE_TTL_MS / 60_000);
    await this.sender.send({ channel: target.kind === 'email' ? 'email' : 'sms', to: targetAddress(target), code, ...text });
    return success({ resend_after: RESEND_AFTER_S });
  }

  /**
   * Whether `code` is the one this address's newest code for `scene` was used up as, still within its
   * lifetime: the same request again, sent because its answer was lost (a double tap, a dropped
   * connection). Sending a new code uses up the older ones without them being used, but only those
   * older than the new one, so the newest, when used up, was used. Counts no attempt and changes
   * nothing: the caller answers as the first request did only if the rest of the request matches
   * what that one did (the password set).
   */
  async usedJustNow(target: AccountTarget, scene: CodeScene, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const row = await this.ctx.db
      .selectFrom('verification_codes')
      .select(['code_hash', 'expires_at', 'consumed_at'])
      .where('target', '=', targetKey(target))
      .where('scene', '=', scene)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || row.consumed_at === null || Date.parse(row.expires_at) <= this.ctx.clock.now().getTime()) return false;
    return timingSafeEqual(this.digest(target, scene, code), Buffer.from(row.code_hash, 'hex'));
  }

  /** Checks a code and uses it up. Every try counts toward the cap, so parallel guessing gains nothing. */
  async consume(target: AccountTarget, scene: CodeScene, code: string): Promise<Outcome<void>> {
    const invalid: Failure = failure('CODE.INVALID', 'code');
    const row = await this.ctx.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at'])
      .where('target', '=', targetKey(target))
      .where('scene', '=', scene)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row) return invalid;
    const now = this.ctx.clock.now();
    const reason = codeUnusableReason({ attempts: row.attempts, expiresAtMs: Date.parse(row.expires_at) }, now.getTime());
    if (reason) return failure(reason, 'code');

    const counted = await this.ctx.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .executeTakeFirst();
    if (counted.numUpdatedRows === 0n) return failure('CODE.TOO_MANY_ATTEMPTS', 'code');

    const expected = Buffer.from(row.code_hash, 'hex');
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(this.digest(target, scene, code), expected)) return invalid;

    const used = await this.ctx.db
      .updateTable('verification_codes')
      .set({ consumed_at: iso(now) })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    // Zero rows: a parallel request used the same code a moment earlier. Single use wins.
    return used.numUpdatedRows === 0n ? invalid : success(undefined);
  }
}
