/**
 * Every error code the server can answer with, declared once. Codes are strings so they read well in
 * logs and never collide; each has a localised text in every locale (server/http/error-texts.ts).
 */
export const ERROR_CODES = [
  'COMMON.PARAM_INVALID',
  'COMMON.NOT_FOUND',
  'COMMON.RATE_LIMITED',
  'COMMON.PAYLOAD_TOO_LARGE',
  'COMMON.INTERNAL',
  'COMMON.FEATURE_UNAVAILABLE',
  'AUTH.LOGIN_REQUIRED',
  'AUTH.SESSION_EXPIRED',
  'AUTH.LOGIN_FAILED',
  'AUTH.ACCOUNT_LOCKED',
  'AUTH.ACCOUNT_EXISTS',
  'AUTH.ACCOUNT_NOT_FOUND',
  'AUTH.REGISTER_FAILED',
  'AUTH.INVITE_CODE_INVALID',
  'AUTH.PASSWORD_TOO_SHORT',
  'AUTH.PASSWORD_TOO_LONG',
  'AUTH.PASSWORDS_INCONSISTENT',
  'AUTH.PASSWORD_WRONG',
  'AUTH.VERIFY_REQUIRED',
  'CODE.INVALID',
  'CODE.EXPIRED',
  'CODE.TOO_MANY_REQUESTS',
  'CODE.TOO_MANY_ATTEMPTS',
  'VALID.EMAIL',
  'VALID.MOBILE',
  'VALID.CODE_LENGTH',
  'VALID.NICKNAME_LENGTH',
  'VALID.SIGNATURE_LENGTH',
  'VALID.SPECIAL_CHARACTERS',
  'VALID.TEXT_TOO_LONG',
  'VALID.REQUIRED',
  'VALID.AREA_CODE',
  'VALID.URL',
  'VALID.AMOUNT',
  'VALID.INTEGER',
  'UPLOAD.NOT_IMAGE',
  'UPLOAD.TOO_LARGE',
  'UPLOAD.MISSING_FILE',
  'UPLOAD.UNKNOWN_FILE',
  'USER.MOBILE_TAKEN',
  'USER.EMAIL_TAKEN',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
