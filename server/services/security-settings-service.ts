import type { AccountTarget } from '../domain/account-target.ts';
import { LOGIN_ACCOUNT_RULES } from '../domain/login-rules.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { checkNewPassword } from '../domain/password-policy.ts';
import type { CodeService } from './code-service.ts';
import { isUniqueViolation } from './db-errors.ts';
import { KeyedMutex } from './keyed-mutex.ts';
import type { IdempotencyService, IdempotentCall } from './ledger/idempotency-service.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';
import { iso, type ServiceContext } from './service-context.ts';
import type { ThrottleService } from './throttle-service.ts';
import type { UserRow, UserService } from './user-service.ts';

const ownAddress = (user: UserRow): AccountTarget | null =>
  user.email ? { kind: 'email', email: user.email } : user.area_code && user.phone ? { kind: 'mobile', areaCode: user.area_code, phone: user.phone } : null;

const payBucket = (userId: number) => ({ bucket: `paypw:user:${userId}`, rules: LOGIN_ACCOUNT_RULES });

/**
 * The payment password (asked before money leaves the account) and email binding. The payment
 * password is hashed like the login password and set or changed only with a code of scene
 * pay_password sent to the account's own address. Five wrong ones in 15 minutes lock it; guesses of
 * one user are checked one at a time in this process, so parallel requests cannot outrun the count.
 */
export class SecuritySettingsService {
  private readonly payLocks = new KeyedMutex();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly users: UserService,
    private readonly codes: CodeService,
    private readonly throttle: ThrottleService,
    private readonly idempotency: IdempotencyService,
  ) {}

  async setPayPassword(call: IdempotentCall, password: string, rePassword: string, code: string): Promise<Outcome<string>> {
    const replay = await this.idempotency.replay<string>(call);
    if (replay) return replay;
    const policy = checkNewPassword(password, rePassword);
    if (policy) return policy;
    const user = await this.users.findById(call.userId);
    if (!user) return { ok: false, code: 'AUTH.SESSION_EXPIRED', session: true };
    const target = ownAddress(user);
    if (!target) return failure('AUTH.ACCOUNT_NOT_FOUND');
    const used = await this.codes.consume(target, 'pay_password', code);
    if (!used.ok) return used;
    const hash = await hashPassword(password);
    return this.idempotency.run(call, async (trx) => {
      await trx.updateTable('users').set({ pay_password_hash: hash, updated_at: iso(this.ctx.clock.now()) }).where('id', '=', call.userId).execute();
      return success('ok');
    });
  }

  /** WALLET.PAY_PASSWORD_REQUIRED when none is set, _LOCKED after too many wrong ones, _WRONG otherwise. */
  async verifyPayPassword(userId: number, password: string): Promise<Outcome<void>> {
    return this.payLocks.run(String(userId), async () => {
      const user = await this.users.findById(userId);
      if (!user?.pay_password_hash) return failure('WALLET.PAY_PASSWORD_REQUIRED', 'pay_password');
      const bucket = payBucket(userId);
      if (!(await this.throttle.check([bucket])).allowed) return failure('WALLET.PAY_PASSWORD_LOCKED', 'pay_password');
      if (await verifyPassword(password, user.pay_password_hash)) {
        await this.throttle.clear(bucket.bucket);
        return success(undefined);
      }
      await this.throttle.record([bucket]);
      return failure('WALLET.PAY_PASSWORD_WRONG', 'pay_password');
    });
  }

  /**
   * Binds (or changes) the account's email, proven by a code of scene bind_email sent to it. The code
   * comes first: one is only sent to an address no other account has, so EMAIL_TAKEN (an address
   * taken since) tells nothing to someone naming addresses without their codes.
   */
  async bindEmail(call: IdempotentCall, email: string, code: string): Promise<Outcome<string>> {
    const replay = await this.idempotency.replay<string>(call);
    if (replay) return replay;
    const used = await this.codes.consume({ kind: 'email', email }, 'bind_email', code);
    if (!used.ok) return used;
    const owner = await this.users.findByTarget({ kind: 'email', email });
    if (owner && owner.id !== call.userId) return failure('USER.EMAIL_TAKEN', 'email');
    try {
      return await this.idempotency.run(call, async (trx) => {
        await trx.updateTable('users').set({ email, updated_at: iso(this.ctx.clock.now()) }).where('id', '=', call.userId).execute();
        return success('ok');
      });
    } catch (error) {
      if (isUniqueViolation(error)) return failure('USER.EMAIL_TAKEN', 'email');
      throw error;
    }
  }
}
