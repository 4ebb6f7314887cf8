import type { RegisterResult } from '../../contract/api/account.ts';
import { targetKey, type AccountTarget } from '../domain/account-target.ts';
import { emailCheckBucket, LOGIN_ACCOUNT_RULES, LOGIN_IP_RULES } from '../domain/login-rules.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { checkNewPassword } from '../domain/password-policy.ts';
import type { CodeService } from './code-service.ts';
import { hashPassword, UNKNOWN_ACCOUNT_HASH, verifyPassword } from './password-hasher.ts';
import type { SessionService } from './session-service.ts';
import type { ThrottleCheck, ThrottleService } from './throttle-service.ts';
import type { UserRow, UserService } from './user-service.ts';

export interface RegisterInput {
  target: AccountTarget;
  code: string;
  password: string;
  rePassword: string;
  extensionCode: string | null;
}

/** How a sign-in names the account: a full address, or a bare number typed without area code. */
export type LoginIdentifier = { target: AccountTarget } | { phoneAlone: string };

export interface LoginInput {
  identifier: LoginIdentifier;
  password: string;
  stay: boolean;
  ip: string;
}

export interface ResetInput {
  target: AccountTarget;
  code: string;
  password: string;
  rePassword: string;
}

export interface AuthSettings {
  inviteRequired(): Promise<boolean>;
}

const accountBucket = (identifier: LoginIdentifier): ThrottleCheck => ({
  bucket: 'login:acct:' + ('target' in identifier ? targetKey(identifier.target) : `phone:${identifier.phoneAlone}`),
  rules: LOGIN_ACCOUNT_RULES,
});
const ipBucket = (ip: string): ThrottleCheck => ({ bucket: `login:ip:${ip}`, rules: LOGIN_IP_RULES });

const ownAddress = (user: UserRow): AccountTarget | null =>
  user.email ? { kind: 'email', email: user.email } : user.area_code && user.phone ? { kind: 'mobile', areaCode: user.area_code, phone: user.phone } : null;

/** Sign-up, sign-in and passwords. Hashing is slow on purpose, so it runs only after cheap checks pass. */
export class AuthService {
  constructor(
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly codes: CodeService,
    private readonly throttle: ThrottleService,
    private readonly settings: AuthSettings,
  ) {}

  async register(input: RegisterInput): Promise<Outcome<RegisterResult>> {
    const policy = checkNewPassword(input.password, input.rePassword);
    if (policy) return policy;
    let inviterId: number | null = null;
    if (input.extensionCode !== null) {
      inviterId = (await this.users.inviterOf(input.extensionCode)) ?? null;
      if (inviterId === null) return failure('AUTH.INVITE_CODE_INVALID', 'extension_code');
    } else if (await this.settings.inviteRequired()) {
      return failure('VALID.REQUIRED', 'extension_code');
    }
    // The code before the account: a register code only ever goes to a free address, so without
    // one this answer cannot tell whether the address has an account (/user/check_email is rationed).
    const code = await this.codes.consume(input.target, 'register', input.code);
    if (!code.ok) return (await this.repeatedRegister(input, code.code)) ?? code;
    // Registered meanwhile (by another request with this code's address): no hash spent on it.
    if (await this.users.findByTarget(input.target)) return failure('AUTH.ACCOUNT_EXISTS', 'user_string');
    const created = await this.users.create({ target: input.target, passwordHash: await hashPassword(input.password), inviterId });
    return created.ok ? success({ uid: created.value }) : created;
  }

  /**
   * A sign-up sent again after its answer was lost: the code it used and the password it set (the
   * account's now) answer as the first did, where the used code alone would say CODE.INVALID and
   * the person would think the sign-up failed.
   */
  private async repeatedRegister(input: RegisterInput, failed: string): Promise<Outcome<RegisterResult> | null> {
    if (failed !== 'CODE.INVALID' || !(await this.codes.usedJustNow(input.target, 'register', input.code))) return null;
    const user = await this.users.findByTarget(input.target);
    return user && (await verifyPassword(input.password, user.password_hash)) ? success({ uid: user.id }) : null;
  }

  /** A password reset sent again after its answer was lost: its code, and the password it set. */
  private async repeatedReset(input: ResetInput, failed: string): Promise<boolean> {
    if (failed !== 'CODE.INVALID' || !(await this.codes.usedJustNow(input.target, 'forget', input.code))) return false;
    const user = await this.users.findByTarget(input.target);
    return user !== undefined && (await verifyPassword(input.password, user.password_hash));
  }

  /** /user/check_email: whether an address is free, rationed per IP so it cannot sift a list of addresses. */
  async emailAvailable(email: string, ip: string): Promise<Outcome<{ available: boolean }>> {
    if (!(await this.throttle.consume([emailCheckBucket(ip)])).allowed) return failure('COMMON.RATE_LIMITED');
    return success({ available: await this.users.emailAvailable(email) });
  }

  /** The session token on success. Every attempt counts against the account until one succeeds. */
  async login(input: LoginInput): Promise<Outcome<string>> {
    // The address's attempt is taken before the hash, in one step with its check: parallel wrong
    // guesses cannot all pass the check before any is counted. It counts failures only, so it is
    // given back when the attempt fails for another reason or succeeds (many people share a NAT).
    const ip = ipBucket(input.ip);
    if (!(await this.throttle.consume([ip])).allowed) return failure('COMMON.RATE_LIMITED');
    const account = accountBucket(input.identifier);
    if (!(await this.throttle.consume([account])).allowed) {
      await this.throttle.releaseOne(ip.bucket);
      return failure('AUTH.ACCOUNT_LOCKED');
    }

    const { identifier } = input;
    const user = 'target' in identifier ? await this.users.findByTarget(identifier.target) : await this.users.findByPhoneAlone(identifier.phoneAlone);
    // An unknown account still costs one hash, so the answer time does not reveal which accounts exist.
    const matches = await verifyPassword(input.password, user?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
    if (!user || !matches) return failure('AUTH.LOGIN_FAILED');
    await this.throttle.releaseOne(ip.bucket);
    await this.throttle.clear(account.bucket);
    return success(await this.sessions.create(user.id, input.stay, input.ip));
  }

  /** Forgotten password: a code to the account's address sets a new one and ends every session. */
  async resetPassword(input: ResetInput): Promise<Outcome<void>> {
    const policy = checkNewPassword(input.password, input.rePassword);
    if (policy) return policy;
    // The code first: a forget code only ever goes to an existing account, so an unknown address
    // answers CODE.INVALID like a wrong code does, and this cannot sift addresses for accounts.
    const code = await this.codes.consume(input.target, 'forget', input.code);
    if (!code.ok) return (await this.repeatedReset(input, code.code)) ? success(undefined) : code;
    const user = await this.users.findByTarget(input.target);
    if (!user) return failure('AUTH.ACCOUNT_NOT_FOUND', 'user_string');
    await this.users.setPasswordHash(user.id, await hashPassword(input.password));
    await this.sessions.revokeAll(user.id);
    // Whoever proved the address may sign in at once, even if someone else had locked the account.
    await this.throttle.clear(accountBucket({ target: input.target }).bucket);
    return success(undefined);
  }

  /** Signed-in password change, proven by a code to the account's own address; ends every session. */
  async changePassword(userId: number, password: string, rePassword: string, code: string): Promise<Outcome<void>> {
    const policy = checkNewPassword(password, rePassword);
    if (policy) return policy;
    const user = await this.users.findById(userId);
    if (!user) return { ok: false, code: 'AUTH.SESSION_EXPIRED', session: true };
    const target = ownAddress(user);
    if (!target) return failure('AUTH.ACCOUNT_NOT_FOUND');
    const used = await this.codes.consume(target, 'update_password', code);
    if (!used.ok) return used;
    await this.users.setPasswordHash(user.id, await hashPassword(password));
    await this.sessions.revokeAll(user.id);
    return success(undefined);
  }
}
