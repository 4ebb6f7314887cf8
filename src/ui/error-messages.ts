import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ErrorCode } from '../../contract/error-codes.ts';

/** Texts for the codes the client's own checks produce (the server localises its own answers). */
const CLIENT_MESSAGES: Partial<Record<ErrorCode, MessageDescriptor>> = {
  'VALID.EMAIL': msg`Please enter a valid email address`,
  'VALID.MOBILE': msg`Please enter a valid mobile number`,
  'VALID.CODE_LENGTH': msg`The verification code has 6 digits`,
  'VALID.NICKNAME_LENGTH': msg`Nickname must be 2-10 characters`,
  'VALID.SIGNATURE_LENGTH': msg`Signature must be 2-30 characters`,
  'VALID.SPECIAL_CHARACTERS': msg`Special characters are not allowed`,
  'VALID.TEXT_TOO_LONG': msg`Text too long`,
  'AUTH.PASSWORD_TOO_SHORT': msg`Password must be at least 6 characters`,
  'AUTH.PASSWORD_TOO_LONG': msg`Password must be at most 64 characters`,
  'AUTH.PASSWORDS_INCONSISTENT': msg`Passwords inconsistent`,
  'VALID.URL': msg`Please enter a valid web address`,
  'VALID.AMOUNT': msg`Please enter the correct amount`,
  'VALID.INTEGER': msg`Please enter an integer`,
  'VALID.REQUIRED': msg`This field is required`,
  'VALID.AREA_CODE': msg`Please choose a country or region code`,
  'COMMON.PARAM_INVALID': msg`Parameter error`,
};

export function errorMessage(i18n: I18n, code: ErrorCode | true): string | null {
  if (code === true) return null;
  return i18n._(CLIENT_MESSAGES[code] ?? CLIENT_MESSAGES['COMMON.PARAM_INVALID']!);
}
