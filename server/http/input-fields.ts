import { z } from 'zod';
import { CODE_SCENES } from '../../contract/api/account.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import { normaliseAreaCode, normaliseEmail, normaliseMobile, type AccountTarget } from '../domain/account-target.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import type { Input } from './request-input.ts';

/** A required string: VALID.REQUIRED when absent, `code` for any other problem. */
export const text = (code: ErrorCode = 'COMMON.PARAM_INVALID', maxLength = 200) =>
  z.string({ error: (issue) => (issue.input === undefined ? 'VALID.REQUIRED' : code) }).max(maxLength, { error: code });

export const optionalText = (code: ErrorCode = 'COMMON.PARAM_INVALID', maxLength = 200) => text(code, maxLength).optional();

/** The six-digit code of a verification message. */
export const codeField = () => text('VALID.CODE_LENGTH').regex(/^\d{6}$/, { error: 'VALID.CODE_LENGTH' });

/** Passwords are checked for length by the domain policy, so only presence and a sanity cap here. */
export const passwordField = () => text('AUTH.PASSWORD_TOO_LONG', 1024);

export const sceneField = () => z.enum(CODE_SCENES, { error: (issue) => (issue.input === undefined ? 'VALID.REQUIRED' : 'COMMON.PARAM_INVALID') });

/** A whole number from 1 up, as forms send it ("2"). */
export const positiveInt = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'VALID.REQUIRED' : 'COMMON.PARAM_INVALID') })
    .regex(/^\d{1,9}$/, { error: 'COMMON.PARAM_INVALID' })
    .transform(Number)
    .refine((n) => n >= 1, { error: 'COMMON.PARAM_INVALID' });

/** '1'/'true' or '0'/'false'; absent is false. */
export const flagField = () => z.enum(['1', '0', 'true', 'false'], { error: 'COMMON.PARAM_INVALID' }).optional().transform((v) => v === '1' || v === 'true');

export function emailFrom(input: Input, field: string): Outcome<AccountTarget & { kind: 'email' }> {
  const raw = input[field];
  if (raw === undefined) return failure('VALID.REQUIRED', field);
  const email = normaliseEmail(raw);
  return email ? success({ kind: 'email', email }) : failure('VALID.EMAIL', field);
}

export function mobileFrom(input: Input, areaField: string, numberField: string): Outcome<AccountTarget & { kind: 'mobile' }> {
  const rawNumber = input[numberField];
  if (rawNumber === undefined) return failure('VALID.REQUIRED', numberField);
  const rawArea = input[areaField];
  if (rawArea === undefined) return failure('VALID.REQUIRED', areaField);
  const areaCode = normaliseAreaCode(rawArea);
  if (!areaCode) return failure('VALID.AREA_CODE', areaField);
  const phone = normaliseMobile(rawNumber);
  return phone ? success({ kind: 'mobile', areaCode, phone }) : failure('VALID.MOBILE', numberField);
}

/**
 * The account a register or reset form names: `type` 'email' or 'mobile' (inferred from an @ when
 * absent), `user_string`, and `area_code` for a mobile.
 */
export function accountFrom(input: Input): Outcome<AccountTarget> {
  const type = input.type ?? (input.user_string?.includes('@') ? 'email' : 'mobile');
  if (type === 'email') return emailFrom(input, 'user_string');
  if (type === 'mobile') return mobileFrom(input, 'area_code', 'user_string');
  return failure('COMMON.PARAM_INVALID', 'type');
}
