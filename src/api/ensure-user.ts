import type { UserInfo } from '../../contract/api/account.ts';
import { $token, $user } from '../stores/session.ts';
import { fetchUserInfo } from './account.ts';

let pending: Promise<UserInfo> | null = null;

/**
 * The signed-in user's profile, read now when the store has none. The boot reads it once
 * (app/boot-after-paint.ts), and on a flaky link that one read can fail: a screen that needs the
 * bound email or phone asks again rather than showing "not bound" or sending a code nowhere.
 * Callers at the same moment share one request.
 */
export function ensureUser(): Promise<UserInfo> {
  const known = $user.get();
  if (known) return Promise.resolve(known);
  if (pending) return pending;
  const token = $token.get();
  const asked = fetchUserInfo()
    .then((user) => {
      // The session ended or changed while it was on its way: this profile is no longer the user's.
      if ($token.get() !== token) throw new Error('session changed');
      $user.set(user);
      return user;
    })
    .finally(() => {
      pending = null;
    });
  pending = asked;
  return asked;
}
