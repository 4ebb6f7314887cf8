import type { CheckEmailResult, RegisterResult, SendCodeResult, UserInfo } from '../api/account.ts';
import { endpoint } from '../endpoint.ts';

/** Sign-up, sign-in, verification codes, password and profile (section 7 "Login and registration", "Settings and account"). */

/** The account a register or reset form names: an email, or a mobile with its area code. */
const ACCOUNT = { type: 'text?', user_string: 'text', area_code: 'text?' } as const;
/** Checked for length by the password policy; this cap only stops absurd input early. */
const PASSWORD = { kind: 'text', max: 1024, code: 'AUTH.PASSWORD_TOO_LONG' } as const;
const NEW_PASSWORD = { code: 'code', password: PASSWORD, re_password: PASSWORD } as const;

export const checkEmail = endpoint<CheckEmailResult>()({ method: 'write', path: '/user/check_email', auth: 'none', fields: { user_string: 'text' } });
export const register = endpoint<RegisterResult>()({ method: 'write', path: '/user/register', auth: 'none', fields: { ...ACCOUNT, ...NEW_PASSWORD, extension_code: { kind: 'text', optional: true, max: 32, code: 'AUTH.INVITE_CODE_INVALID' } } });
/** Answers the session token. */
export const login = endpoint<string>()({
  method: 'write', path: '/user/login', auth: 'none',
  fields: {
    user_string: { kind: 'text', max: 320, code: 'AUTH.LOGIN_FAILED' }, password: PASSWORD, area_code: { kind: 'text', optional: true, max: 8, code: 'VALID.AREA_CODE' }, stay: 'flag?',
  },
});
/** `revoke` ends a session by its token's hash, for a device whose logout did not arrive. */
export const logout = endpoint<string>()({ method: 'read', path: '/user/logout', auth: 'none', fields: { revoke: { kind: 'text', optional: true, max: 64, code: 'COMMON.PARAM_INVALID' } } });
export const userInfo = endpoint<UserInfo>()({ method: 'read', path: '/user/info', auth: 'required', fields: {} });
export const forgetPassword = endpoint<string>()({ method: 'write', path: '/user/forget', auth: 'none', fields: { ...ACCOUNT, ...NEW_PASSWORD } });

/** Scenes for the user's own address need no address; signed-in scenes need a session. */
export const sendMailCode = endpoint<SendCodeResult>()({ method: 'write', path: '/sms_mail', auth: 'optional', fields: { scene: 'text', user_string: 'text?' } });
export const sendSmsCode = endpoint<SendCodeResult>()({ method: 'write', path: '/sms_send', auth: 'optional', fields: { scene: 'text', area_code: 'text?', mobile: 'text?' } });

export const updatePassword = endpoint<string>()({ method: 'write', path: '/safe/update_password', auth: 'required', fields: NEW_PASSWORD });
export const bindMobile = endpoint<string>()({ method: 'write', path: '/safe/mobile', auth: 'required', fields: { mobile: 'text', area_code: 'text', code: 'code' } });
export const editProfile = endpoint<string>()({ method: 'write', path: '/user/editNickname', auth: 'required', fields: {
  nickname: { kind: 'text', optional: true, max: 100, code: 'VALID.NICKNAME_LENGTH' }, signature: { kind: 'text', optional: true, max: 300, code: 'VALID.SIGNATURE_LENGTH' },
} });
/** `head_portrait` is a path /upload answered. */
export const setAvatar = endpoint<string>()({ method: 'write', path: '/user/uploadHeadPortrait', auth: 'required', fields: { head_portrait: { kind: 'text', max: 200, code: 'UPLOAD.UNKNOWN_FILE' } } });
/** Multipart: one image in the part `file`; answers its path under /uploads/. */
export const upload = endpoint<string>()({ method: 'write', path: '/upload', auth: 'required', fields: {}, multipart: true });
