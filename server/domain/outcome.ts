import type { ErrorCode } from '../../contract/error-codes.ts';

/**
 * What a service answers: a value, or an expected failure as a string code (never a thrown error).
 * `session` marks failures the client must treat as a lost session (envelope type 999).
 */
export type Failure = { ok: false; code: ErrorCode; field?: string; session?: boolean };
export type Outcome<T> = { ok: true; value: T } | Failure;

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });

export function failure(code: ErrorCode, field?: string): Failure {
  return field === undefined ? { ok: false, code } : { ok: false, code, field };
}
