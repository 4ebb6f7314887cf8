import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/api/account.ts';
import { failure, type Failure } from './outcome.ts';

/** Length in characters as a person counts them (code points), not UTF-16 units. */
export const charLength = (text: string): number => [...text].length;

/** Section 5: at least 6 characters, both entries equal. Null when the pair is acceptable. */
export function checkNewPassword(password: string, rePassword: string): Failure | null {
  const length = charLength(password);
  if (length < PASSWORD_MIN) return failure('AUTH.PASSWORD_TOO_SHORT', 'password');
  if (length > PASSWORD_MAX) return failure('AUTH.PASSWORD_TOO_LONG', 'password');
  if (password !== rePassword) return failure('AUTH.PASSWORDS_INCONSISTENT', 're_password');
  return null;
}
