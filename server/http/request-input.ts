import type { z } from 'zod';
import { isErrorCode } from '../../contract/error-codes.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';

/** A request's fields as strings: query first, then the body (form or JSON) over it. */
export type Input = Readonly<Record<string, string>>;

const MAX_FIELDS = 50;

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return scalar(value[0]);
  return undefined;
}

/**
 * Flattens query and body into plain strings. Objects are dropped, empty strings count as absent
 * (forms send '' for untouched fields), and the result has no prototype, so "__proto__" is just a key.
 * Handlers read only the fields their schema names: extra fields are ignored.
 */
export function collectInput(...sources: unknown[]): Input {
  const input: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    for (const [key, raw] of Object.entries(source as Record<string, unknown>).slice(0, MAX_FIELDS)) {
      const value = scalar(raw);
      if (value !== undefined && value !== '') input[key] = value;
    }
  }
  return input;
}

/** Validates with a zod schema whose messages are error codes; the first problem becomes code + field. */
export function parseInput<S extends z.ZodType>(schema: S, input: Input): Outcome<z.output<S>> {
  const result = schema.safeParse({ ...input });
  if (result.success) return success(result.data);
  const issue = result.error.issues[0];
  const code = issue && isErrorCode(issue.message) ? issue.message : 'COMMON.PARAM_INVALID';
  const field = issue?.path[0];
  return failure(code, typeof field === 'string' ? field : undefined);
}
