import type { FastifyInstance } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import { normaliseAreaCode, normaliseEmail, normaliseMobile } from '../../domain/account-target.ts';
import { normaliseInviteCode } from '../../domain/invite-code.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { LoginIdentifier } from '../../services/auth-service.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, signedIn } from '../../http/define-route.ts';
import { DONE } from '../../http/envelope.ts';
import { accountFrom, emailFrom } from '../../http/input-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type AccountRoutesServices = Pick<Services, 'auth' | 'sessions' | 'users'>;

/** A session token's SHA-256, as a device keeps it to end a session it could not log out. */
const TOKEN_HASH = /^[0-9a-f]{64}$/;

/** Email or mobile, as typed on the login form; a mobile without area code is looked up alone. */
function loginIdentifier(userString: string, areaCode: string | undefined): Outcome<LoginIdentifier> {
  if (userString.includes('@')) {
    const email = normaliseEmail(userString);
    return email ? success({ target: { kind: 'email', email } }) : failure('VALID.EMAIL', 'user_string');
  }
  const phone = normaliseMobile(userString);
  if (!phone) return failure('VALID.MOBILE', 'user_string');
  if (areaCode === undefined) return success({ phoneAlone: phone });
  const area = normaliseAreaCode(areaCode);
  return area ? success({ target: { kind: 'mobile', areaCode: area, phone } }) : failure('VALID.AREA_CODE', 'area_code');
}

function inviteCode(raw: string | undefined): Outcome<string | null> {
  if (raw === undefined) return success(null);
  const code = normaliseInviteCode(raw);
  return code ? success(code) : failure('AUTH.INVITE_CODE_INVALID', 'extension_code');
}

/** /user/check_email, register, login, logout, info, forget. */
export function registerAccountRoutes(app: FastifyInstance, services: AccountRoutesServices): void {
  const serve = endpointsOn(app, services);
  serve(account.checkEmail, async ({ input, ip }) => {
    const target = emailFrom(input, 'user_string');
    if (!target.ok) return target;
    return services.auth.emailAvailable(target.value.email, ip);
  });

  serve(account.register, async ({ input, fields }) => {
    const target = accountFrom(input);
    if (!target.ok) return target;
    const invite = inviteCode(fields.extension_code);
    if (!invite.ok) return invite;
    const { code, password, re_password } = fields;
    return services.auth.register({ target: target.value, code, password, rePassword: re_password, extensionCode: invite.value });
  });

  serve(account.login, async ({ fields, ip }) => {
    const identifier = loginIdentifier(fields.user_string, fields.area_code);
    if (!identifier.ok) return identifier;
    return services.auth.login({ identifier: identifier.value, password: fields.password, stay: fields.stay ?? false, ip });
  });

  // Logging out is idempotent: an unknown or dead token is already logged out. `revoke` names a
  // session by its token's hash instead, for a device whose logout did not reach us: it forgot the
  // token but kept the hash, which ends the session and cannot sign in. The header is then ignored,
  // so a later sign-in on that device is not the one ended.
  serve(account.logout, async ({ token, fields: { revoke } }) => {
    if (revoke !== undefined && !TOKEN_HASH.test(revoke)) return failure('COMMON.PARAM_INVALID', 'revoke');
    if (revoke !== undefined) await services.sessions.revokeHash(revoke);
    else if (token) await services.sessions.revoke(token);
    return success(DONE);
  });

  serve(account.userInfo, async (call) => {
    const info = await services.users.info(signedIn(call));
    return info ? success(info) : { ok: false, code: 'AUTH.SESSION_EXPIRED', session: true };
  });

  serve(account.forgetPassword, async ({ input, fields }) => {
    const target = accountFrom(input);
    if (!target.ok) return target;
    const { code, password, re_password } = fields;
    const reset = await services.auth.resetPassword({ target: target.value, code, password, rePassword: re_password });
    return reset.ok ? success(DONE) : reset;
  });
}
