import type { CheckEmailResult, RegisterResult, SendCodeResult, UserInfo } from '../api/account.ts';
import { endpoint } from '../endpoint.ts';

/** Sign-up, sign-in, verification codes, password and profile (section 7 "Login and registration", "Settings and account"). */

/** The account a register or reset form names: an email, or a mobile with its area code. */
const ACCOUNT = { type: 'text?', user_string: 'text', area_code: 'text?' } as const;
const NEW_PASSWORD = { code: 'text', password: 'text', re_password: 'text' } as const;

export const checkEmail = endpoint<CheckEmailResult>()({ method: 'write', path: '/user/check_email', auth: 'none', fields: { user_string: 'text' } });
export const register = endpoint<RegisterResult>()({ method: 'write', path: '/user/register', auth: 'none', fields: { ...ACCOUNT, ...NEW_PASSWORD, extension_code: 'text?' } });
/** Answers the session token. */
export const login = endpoint<string>()({
  method: 'write', path: '/user/login', auth: 'none',
  fields: { user_string: 'text', password: 'text', area_code: 'text?', stay: 'flag?' },
});
/** `revoke` ends a session by its token's hash, for a device whose logout did not arrive. */
export const logout = endpoint<string>()({ method: 'read', path: '/user/logout', auth: 'none', fields: { revoke: 'text?' } });
export const userInfo = endpoint<UserInfo>()({ method: 'read', path: '/user/info', auth: 'required', fields: {} });
export const forgetPassword = endpoint<string>()({ method: 'write', path: '/user/forget', auth: 'none', fields: { ...ACCOUNT, ...NEW_PASSWORD } });

/** Scenes for the user's own address need no address; signed-in scenes need a session. */
export const sendMailCode = endpoint<SendCodeResult>()({ method: 'write', path: '/sms_mail', auth: 'optional', fields: { scene: 'text', user_string: 'text?' } });
export const sendSmsCode = endpoint<SendCodeResult>()({ method: 'write', path: '/sms_send', auth: 'optional', fields: { scene: 'text', area_code: 'text?', mobile: 'text?' } });

export const updatePassword = endpoint<string>()({ method: 'write', path: '/safe/update_password', auth: 'required', fields: NEW_PASSWORD });
export const bindMobile = endpoint<string>()({ method: 'write', path: '/safe/mobile', auth: 'required', fields: { mobile: 'text', area_code: 'text', code: 'text' } });
export const editProfile = endpoint<string>()({ method: 'write', path: '/user/editNickname', auth: 'required', fields: { nickname: 'text?', signature: 'text?' } });
/** `head_portrait` is a path /upload answered. */
export const setAvatar = endpoint<string>()({ method: 'write', path: '/user/uploadHeadPortrait', auth: 'required', fields: { head_portrait: 'text' } });
/** Multipart: one image in the part `file`; answers its path under /uploads/. */
export const upload = endpoint<string>()({ method: 'write', path: '/upload', auth: 'required', fields: {}, multipart: true });
