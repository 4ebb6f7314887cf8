import { CODE_LENGTH, NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MAX, PASSWORD_MIN, SIGNATURE_MAX, SIGNATURE_MIN } from '../../contract/api/account.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import { compareDecimal, isDecimalString } from './decimal.ts';

/**
 * The client-side checks of spec section 5. Each returns `true` or the ErrorCode to show (the UI
 * turns it into localised text). They check the string as given: callers trim what they will also
 * submit trimmed. Lengths count Unicode code points, so "密码" is 2, not 4 UTF-16 units.
 */
export type Validation = true | ErrorCode;

const length = (s: string) => [...s].length;

/** At least PASSWORD_MIN (6) and at most PASSWORD_MAX (64) characters; any characters. */
export function validatePassword(password: string): Validation {
  const n = length(password);
  if (n < PASSWORD_MIN) return 'AUTH.PASSWORD_TOO_SHORT';
  if (n > PASSWORD_MAX) return 'AUTH.PASSWORD_TOO_LONG';
  return true;
}

/** The repeat must equal the password; when it does, it is held to the password's own rules. */
export function validateConfirmPassword(password: string, confirm: string): Validation {
  if (confirm !== password) return 'AUTH.PASSWORDS_INCONSISTENT';
  return validatePassword(confirm);
}

const CODE_RE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** A verification code: exactly CODE_LENGTH (6) ASCII digits. */
export function validateCode(code: string): Validation {
  return CODE_RE.test(code) ? true : 'VALID.CODE_LENGTH';
}

/** Letters of any script (with their combining marks, as Thai needs) and decimal digits. */
const WORD_CHAR = '[\\p{L}\\p{M}\\p{Nd}]';
/** Word characters with single or repeated spaces between them, never at either end. */
const WORDS_RE = new RegExp(`^${WORD_CHAR}(?:[\\p{L}\\p{M}\\p{Nd} ]*${WORD_CHAR})?$`, 'u');

/** 2-10 characters: letters of any script, digits and inner spaces (length checked first). */
export function validateNickname(nickname: string): Validation {
  const n = length(nickname);
  if (n < NICKNAME_MIN || n > NICKNAME_MAX) return 'VALID.NICKNAME_LENGTH';
  return WORDS_RE.test(nickname) ? true : 'VALID.SPECIAL_CHARACTERS';
}

/** 2-30 characters of free text (a signature may hold punctuation), not only whitespace. */
export function validateSignature(signature: string): Validation {
  const n = length(signature);
  if (n < SIGNATURE_MIN || n > SIGNATURE_MAX || signature.trim() === '') return 'VALID.SIGNATURE_LENGTH';
  return true;
}

/** One or more ASCII letters and digits only, as for codes and account names. */
export function validateAlphanumeric(value: string): Validation {
  return /^[A-Za-z0-9]+$/.test(value) ? true : 'VALID.SPECIAL_CHARACTERS';
}

const NO_SPECIAL_RE = /^[\p{L}\p{M}\p{Nd} ]*$/u;

/** Letters of any script, digits and spaces only; empty passes (required-ness is separate). */
export function validateNoSpecialCharacters(value: string): Validation {
  return NO_SPECIAL_RE.test(value) ? true : 'VALID.SPECIAL_CHARACTERS';
}

const EMAIL_MAX = 254;
const EMAIL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** A deliverable-looking address: dot-atom local part, dotted host names, a letters-only TLD. */
export function validateEmail(email: string): Validation {
  return email.length <= EMAIL_MAX && EMAIL_RE.test(email) ? true : 'VALID.EMAIL';
}

/** A mobile number as the spec has it: exactly 11 ASCII digits (the area code is a separate field). */
export function validateMobile(mobile: string): Validation {
  return /^\d{11}$/.test(mobile) ? true : 'VALID.MOBILE';
}

/**
 * An absolute http or https URL with a host right after "//", and no whitespace anywhere. (The URL
 * parser alone would take "http:///path" as host "path"; a typed URL like that is a typo.)
 */
export function validateUrl(url: string): Validation {
  if (/\s/.test(url) || !/^https?:\/\/[^/?#]/i.test(url)) return 'VALID.URL';
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '' ? true : 'VALID.URL';
  } catch {
    return 'VALID.URL';
  }
}

/**
 * A positive amount as a decimal string (see decimal.ts for the form), with at most `maxDecimals`
 * fraction digits when given (0: whole numbers only). Zero and negatives fail.
 */
export function validateAmount(amount: string, maxDecimals?: number): Validation {
  return isDecimalString(amount, maxDecimals) && compareDecimal(amount, '0') > 0 ? true : 'VALID.AMOUNT';
}

/** One or more ASCII digits, nothing else ("Please enter an integer"). */
export function validateDigits(value: string): Validation {
  return /^\d+$/.test(value) ? true : 'VALID.INTEGER';
}
