/**
 * An idempotency key is one client action (a UUID in practice). Printable and short, so it can be
 * stored and logged safely; the same key on the same endpoint returns the first result.
 */
const KEY = /^[A-Za-z0-9_\-:.]{8,100}$/;

export function normaliseIdempotencyKey(raw: string): string | null {
  const key = raw.trim();
  return KEY.test(key) ? key : null;
}

/**
 * Fields that never make two requests different: the language, the key itself, and secrets (the
 * payment password, and a new one being set): the fingerprint is a plain SHA-256 kept for a week, and
 * one over a password would let a copy of the table test guesses far faster than its scrypt hash allows.
 */
export const FINGERPRINT_IGNORED: readonly string[] = ['lang', 'idempotency_key', 'pay_password', 'password', 're_password'];

/**
 * How long a key answers a retry. A client retries within seconds or minutes (the app never queues a
 * write offline), so a week is ample; after it the key is forgotten, or the table, which every order
 * writes to, would grow without end.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
