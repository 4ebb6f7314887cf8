import { normaliseAreaCode, normaliseEmail, normaliseMobile, type AccountTarget } from '../domain/account-target.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import type { Input } from './request-input.ts';

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
