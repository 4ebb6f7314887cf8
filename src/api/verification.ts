import { get, post } from './client.ts';
import { idempotent } from './idempotent.ts';

/** Identity verification (/real/state, /user/real) and the account bindings it needs first. */

export const fetchRealState = () => get('/real/state');

export type IdType = 'id_card' | 'passport' | 'driver_license';

export interface RealLevel1 {
  [key: string]: string | number;
  real_type: 1;
  id_type: IdType;
  name: string;
  card_id: string;
}
export interface RealLevel2 {
  [key: string]: string | number;
  real_type: 2;
  /** Paths answered by /upload. */
  front_pic: string;
  reverse_pic: string;
}
export const submitRealAction = () => idempotent((p: RealLevel1 | RealLevel2) => post('/user/real', p, { mask: true }));

export interface PayPassword {
  [key: string]: string;
  password: string;
  re_password: string;
  code: string;
}
export const payPasswordAction = () => idempotent((p: PayPassword) => post('/safe/pay_password', p, { mask: true }));

export const bindEmailAction = () => idempotent((p: { email: string; code: string }) => post('/safe/email', p, { mask: true }));

export const bindMobileAction = () =>
  idempotent((p: { area_code: string; mobile: string; code: string }) => post('/safe/mobile', p, { mask: true }));
