import type { FastifyInstance } from 'fastify';
import * as account from '../../../contract/endpoints/account.ts';
import { z } from 'zod';
import { normaliseAreaCode, normaliseEmail, normaliseMobile } from '../../domain/account-target.ts';
import { normaliseInviteCode } from '../../domain/invite-code.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { LoginIdentifier } from '../../services/auth-service.ts';
import type { Services } from '../../services/create-services.ts';
import { endpointsOn, signedIn } from '../define-route.ts';
import { DONE } from '../envelope.ts';
import { accountFrom, codeField, emailFrom, flagField, optionalText, passwordField, text } from '../input-fields.ts';
import { parseInput } from '../request-input.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type AccountRoutesServices = Pick<Services, 'auth' | 'sessions' | 'users'>;

const newPasswordSchema = z.object({ code: codeField(), password: passwordField(), re_password: passwordField() });
const registerSchema = newPasswordSchema.extend({ extension_code: optionalText('AUTH.INVITE_CODE_INVALID', 32) });
const logoutSchema = z.object({ revoke: text().regex(/^[0-9a-f]{64}$/, { error: 'COMMON.PARAM_INVALID' }).optional() });
const loginSchema = z.object({ user_string: text('AUTH.LOGIN_FAILED', 320), password: passwordField(), area_code: optionalText('VALID.AREA_CODE', 8), stay: flagField() });

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

  serve(account.register, async ({ input }) => {
      const target = accountFrom(input);
      if (!target.ok) return target;
      const form = parseInput(registerSchema, input);
      if (!form.ok) return form;
      const invite = inviteCode(form.value.extension_code);
      if (!invite.ok) return invite;
      const { code, password, re_password } = form.value;
      return services.auth.register({ target: target.value, code, password, rePassword: re_password, extensionCode: invite.value });
  });

  serve(account.login, async ({ input, ip }) => {
      const form = parseInput(loginSchema, input);
      if (!form.ok) return form;
      const identifier = loginIdentifier(form.value.user_string, form.value.area_code);
      if (!identifier.ok) return identifier;
      return services.auth.login({ identifier: identifier.value, password: form.value.password, stay: form.value.stay, ip });
  });

  // Logging out is idempotent: an unknown or dead token is already logged out. `revoke` names a
  // session by its token's hash instead, for a device whose logout did not reach us: it forgot the
  // token but kept the hash, which ends the session and cannot sign in. The header is then ignored,
  // so a later sign-in on that device is not the one ended.
  serve(account.logout, async ({ token, input }) => {
      const form = parseInput(logoutSchema, input);
      if (!form.ok) return form;
      if (form.value.revoke !== undefined) await services.sessions.revokeHash(form.value.revoke);
      else if (token) await services.sessions.revoke(token);
      return success(DONE);
  });

  serve(account.userInfo, async (call) => {
      const info = await services.users.info(signedIn(call));
      return info ? success(info) : { ok: false, code: 'AUTH.SESSION_EXPIRED', session: true };
  });

  serve(account.forgetPassword, async ({ input }) => {
      const target = accountFrom(input);
      if (!target.ok) return target;
      const form = parseInput(newPasswordSchema, input);
      if (!form.ok) return form;
      const { code, password, re_password } = form.value;
      const reset = await services.auth.resetPassword({ target: target.value, code, password, rePassword: re_password });
      return reset.ok ? success(DONE) : reset;
  });
}
