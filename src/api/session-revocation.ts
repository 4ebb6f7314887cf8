import { readStored, writeStored } from '../lib/device-storage.ts';
import { TryAgain } from '../lib/try-again.ts';
import { REVOKE_KEY } from '../stores/session.ts';
import { ApiError, post } from './client.ts';

/** Sessions still to end on the server, newest last; older ones beyond this expire on their own. */
export const REVOKE_MAX = 8;

/** The server's answer that the hash itself is wrong: sending it again cannot help. */
const REFUSED = 'COMMON.PARAM_INVALID';

const again = new TryAgain();
let flushing: Promise<void> | undefined;

function pending(): string[] {
  try {
    const list: unknown = JSON.parse(readStored(REVOKE_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((hash): hash is string => typeof hash === 'string') : [];
  } catch {
    return [];
  }
}

function keep(hashes: string[]): void {
  writeStored(REVOKE_KEY, hashes.length > 0 ? JSON.stringify(hashes.slice(-REVOKE_MAX)) : null);
}

/** What the server keeps of a token (lowercase hex SHA-256); throws without SubtleCrypto (a page on plain http). */
async function hashOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Ends `token`'s session on the server after the device has forgotten it (logout). The device keeps
 * only the token's hash, which ends the session but cannot sign in, until the server has it: a logout
 * on a flaky network or offline reaches the server when the network is back, or at the next start,
 * instead of leaving the session usable by whoever copied the token until it expires. Never rejects.
 */
export async function revokeSession(token: string): Promise<void> {
  if (!token) return;
  let hash: string;
  try {
    hash = await hashOf(token);
  } catch {
    // Nothing to keep that could not sign in: one try with the token itself, as a plain logout.
    await post('/user/logout', undefined, { silent: true, token }).catch(() => undefined);
    return;
  }
  keep([...pending().filter((kept) => kept !== hash), hash]);
  await flushRevocations();
}

/** Sends every kept hash; what the network loses is tried again later (TryAgain). Never rejects. */
export function flushRevocations(): Promise<void> {
  flushing ??= flush().finally(() => (flushing = undefined));
  return flushing;
}

async function flush(): Promise<void> {
  for (const hash of pending()) {
    try {
      // Without the session's token: the device may be signed in again, and that session stays.
      await post('/user/logout', { revoke: hash }, { silent: true, token: '' });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === REFUSED)) {
        again.schedule(() => void flushRevocations());
        return;
      }
    }
    keep(pending().filter((kept) => kept !== hash));
  }
  again.reset();
}
