import { NICKNAME_MAX, NICKNAME_MIN, SIGNATURE_MAX, SIGNATURE_MIN } from '../../contract/api/account.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import { charLength } from './password-policy.ts';
import { failure, type Failure } from './outcome.ts';

// Letters of any script (with their combining marks) and digits; spaces only between them.
const WORD = '[\\p{L}\\p{M}\\p{N}]';
const PROFILE_TEXT = new RegExp(`^${WORD}(?:[${'\\p{L}\\p{M}\\p{N}'} ]*${WORD})?$`, 'u');

function check(text: string, field: string, min: number, max: number, lengthCode: ErrorCode): Failure | null {
  const length = charLength(text);
  if (length < min || length > max) return failure(lengthCode, field);
  if (!PROFILE_TEXT.test(text)) return failure('VALID.SPECIAL_CHARACTERS', field);
  return null;
}

/** Section 5 and 9: nickname 2-10 characters of letters and digits. Expects trimmed text. */
export const checkNickname = (text: string) => check(text, 'nickname', NICKNAME_MIN, NICKNAME_MAX, 'VALID.NICKNAME_LENGTH');

/** Section 5 and 9: signature 2-30 characters of letters and digits. Expects trimmed text. */
export const checkSignature = (text: string) => check(text, 'signature', SIGNATURE_MIN, SIGNATURE_MAX, 'VALID.SIGNATURE_LENGTH');
