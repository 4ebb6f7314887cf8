import { ApiError, type Params } from './client.ts';

/**
 * Writes that move money or change the account carry an `idempotency_key`: one random key per user
 * action. Sending the same action again (same fields, the payment password aside) after a failure whose outcome is unknown (no
 * answer, timeout, server fault, offline) reuses the key, so the server does the work at most once
 * and answers the retry with the first result. A definite answer (success or a business error) ends
 * the action, and so does changing any field: the next send is a new action with a new key.
 */

/** Failures after which the server may or may not have done the work. */
const UNKNOWN_OUTCOME = /^(NETWORK|TIMEOUT|OFFLINE|HTTP_5\d\d|COMMON\.INTERNAL)$/;

export type WithKey<P> = P & { idempotency_key: string };

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older WebViews without randomUUID still have getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Fields that do not make a different action: retyping the payment password after an unknown
 * outcome is the same withdrawal, and must not become a second one (the server ignores it too).
 */
const NOT_THE_ACTION = new Set(['pay_password']);

function fingerprint(params: Params): string {
  return JSON.stringify(
    Object.keys(params)
      .filter((k) => !NOT_THE_ACTION.has(k))
      .sort()
      .map((k) => [k, params[k] ?? null]),
  );
}

/**
 * Wraps a write so each call gets its action's key. Make one per screen (or per form) and keep it
 * for the screen's life: `const [withdraw] = useState(() => idempotent(submitWithdrawal))`.
 */
export function idempotent<P extends Params, T>(write: (params: WithKey<P>) => Promise<T>): (params: P) => Promise<T> {
  let pending: { print: string; key: string } | null = null;
  return async (params: P) => {
    const print = fingerprint(params);
    if (!pending || pending.print !== print) pending = { print, key: newKey() };
    const { key } = pending;
    try {
      const result = await write({ ...params, idempotency_key: key });
      if (pending?.key === key) pending = null;
      return result;
    } catch (error) {
      const unknown = error instanceof ApiError && UNKNOWN_OUTCOME.test(error.code);
      if (!unknown && pending?.key === key) pending = null;
      throw error;
    }
  };
}
