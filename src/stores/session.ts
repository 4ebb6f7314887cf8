import { atom, computed } from 'nanostores';
import type { UserInfo } from '../../contract/api/account.ts';
import { anyString, persistentAtom } from './persistent.ts';

/** The opaque session token, persisted under `token` so a reload stays signed in. */
export const $token = persistentAtom<string>('token', '', anyString);
export const $user = atom<UserInfo | null>(null);
export const $signedIn = computed($token, (token) => token !== '');

/** Listeners that must forget private data when the session ends (caches, subscriptions). */
const endListeners = new Set<() => void>();
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function startSession(token: string): void {
  $token.set(token);
}

/** Logout, a 999 answer or a revoked token: token and user go, and so does anything private. */
export function endSession(): void {
  $token.set('');
  $user.set(null);
  for (const listener of endListeners) listener();
}
