import type { ErrorCode } from '../../contract/error-codes.ts';

/**
 * What a service answers: a value, or an expected failure as a string code (never a thrown error).
 * `session` marks failures the client must treat as a lost session (envelope type 999); `verify`
 * those that need identity verification first (envelope type 998).
 */
export type Failure = { ok: false; code: ErrorCode; field?: string; session?: boolean; verify?: boolean };
export type Outcome<T> = { ok: true; value: T } | Failure;

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });

export function failure(code: ErrorCode, field?: string): Failure {
  return field === undefined ? { ok: false, code } : { ok: false, code, field };
}

/** AUTH.VERIFY_REQUIRED as envelope type 998: the client sends the user to identity verification. */
export const verifyRequired = (): Failure => ({ ok: false, code: 'AUTH.VERIFY_REQUIRED', verify: true });
