import { atom, computed } from 'nanostores';
import type { UserInfo } from '../../contract/api/account.ts';
import { anyString, persistentAtom } from './persistent.ts';

/** The opaque session token, persisted under `token` so a reload stays signed in. */
export const $token = persistentAtom<string>('token', '', anyString);
/**
 * localStorage key of the sessions a logout could not end on the server yet, as their tokens' hashes
 * (api/session-revocation.ts); here so the boot can look without loading that module.
 */
export const REVOKE_KEY = 'revoke';
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

let announcedAtMs = Number.NEGATIVE_INFINITY;

/** Whether a session end was announced within `ms` (a 999's own message): the screen need not say it again. */
export function sessionEndAnnounced(ms = 2_000, now = Date.now()): boolean {
  return now - announcedAtMs < ms;
}

/**
 * Logout, a 999 answer or a revoked token: token and user go, and so does anything private.
 * `announced`: the caller has already told the user why (the 999's message).
 */
export function endSession(announced = false): void {
  if (announced) announcedAtMs = Date.now();
  $token.set('');
  $user.set(null);
  for (const listener of endListeners) listener();
}
