/** Sign-up, sign-in and the user's own profile: /user/*, /safe/*, /sms_*. */

/** What a verification code is for; a code is only good for the scene it was sent for. */
export const CODE_SCENES = ['register', 'forget', 'update_password', 'bind_mobile', 'bind_email', 'pay_password'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

/** How the account is identified: by email, or by mobile with an area code. */
export type AccountKind = 'email' | 'mobile';

export interface SendCodeResult {
  /** Seconds before another code may be asked for the same target. */
  resend_after: number;
}

export interface CheckEmailResult {
  /** False when an account already uses this email. */
  available: boolean;
}

/** One message of the dev outbox (GET /api/dev/outbox?to=...), which exists only without a real sender. */
export interface DevOutboxMessage {
  /** An email address, or '+' then area code and number for a phone. */
  to: string;
  subject: string;
  body: string;
  code: string;
  created_at: string;
}

export interface RegisterResult {
  uid: number;
}

export interface UserInfo {
  uid: number;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  nickname: string;
  signature: string;
  /** Absolute path on this host, or '' when none has been set. */
  avatar: string;
  /** This user's own invitation code. */
  extension_code: string;
  /** 0 not verified, 1 under verification, 2 verified, 3 failed. */
  real_state: 0 | 1 | 2 | 3;
  /** Whether a payment password is set (withdrawals and transfers need one); absent from older servers. */
  has_pay_password?: boolean;
  created_at: string;
}

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 10;
export const SIGNATURE_MIN = 2;
export const SIGNATURE_MAX = 30;
export const CODE_LENGTH = 6;
export const RESEND_AFTER_S = 60;
/** A code is good for this long after it was sent. */
export const CODE_TTL_S = 600;
/** A mobile number is 5 to 15 digits after its area code (the client checks 11 for +86). */
export const MOBILE_DIGITS_MIN = 5;
export const MOBILE_DIGITS_MAX = 15;
