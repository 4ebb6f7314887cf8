import type { AccountKind, CodeScene } from '../../contract/api/account.ts';
import { get, post } from './client.ts';

export interface SignUp {
  type: AccountKind;
  user_string: string;
  area_code?: string;
  code: string;
  password: string;
  re_password: string;
  extension_code?: string;
}

export const sendEmailCode = (user_string: string, scene: CodeScene) =>
  post('/sms_mail', { user_string, scene }, { mask: true });

export const sendSmsCode = (area_code: string, mobile: string, scene: CodeScene) =>
  post('/sms_send', { area_code, mobile, scene }, { mask: true });

export const register = (form: SignUp) => post('/user/register', { ...form }, { mask: true });

export const login = (user_string: string, password: string, stay: boolean, area_code?: string) =>
  post('/user/login', { user_string, password, stay: stay ? 1 : 0, area_code }, { mask: true });

export const forgetPassword = (form: SignUp) => post('/user/forget', { ...form }, { mask: true });

export const fetchUserInfo = () => get('/user/info');

export const updatePassword = (password: string, re_password: string, code: string) =>
  post('/safe/update_password', { password, re_password, code }, { mask: true });

export const editProfile = (fields: { nickname?: string; signature?: string }) =>
  post('/user/editNickname', fields, { mask: true });

export const setAvatar = (head_portrait: string) => post('/user/uploadHeadPortrait', { head_portrait }, { mask: true });
