import { z } from 'zod';
import { fieldRule, FIELD_MAX_CHARS, type FieldDecls, type FieldKind, type FieldRule } from '../../contract/endpoint.ts';
import { isErrorCode, type ErrorCode } from '../../contract/error-codes.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import type { Input } from './request-input.ts';

const ID = /^[1-9]\d{0,9}$/;
const ID_MAX = 2_147_483_647;
const INT = /^\d{1,12}$/;
const CODE = /^\d{6}$/;

/** What each kind answers for a value of the wrong shape, unless the field names its own code. */
const BAD: Readonly<Record<FieldKind, ErrorCode>> = {
  id: 'COMMON.PARAM_INVALID', int: 'COMMON.PARAM_INVALID', amount: 'VALID.AMOUNT', text: 'VALID.TEXT_TOO_LONG', code: 'VALID.CODE_LENGTH', flag: 'COMMON.PARAM_INVALID',
};

/** One field's schema: its kind's shape and its length limit, each problem an error code. */
function fieldSchema(rule: FieldRule): z.ZodType<string | number | boolean | undefined> {
  const code = rule.code ?? BAD[rule.kind];
  const text = z
    .string({ error: (issue) => (issue.input === undefined ? 'VALID.REQUIRED' : code) })
    .max(rule.max ?? FIELD_MAX_CHARS, { error: rule.code ?? 'VALID.TEXT_TOO_LONG' });
  const shaped = {
    id: text.trim().regex(ID, { error: code }).transform(Number).refine((n) => n <= ID_MAX, { error: code }),
    int: text.trim().regex(INT, { error: code }).transform(Number),
    code: text.regex(CODE, { error: code }),
    flag: text.trim().toLowerCase().pipe(z.enum(['1', '0', 'true', 'false'], { error: code })).transform((v) => v === '1' || v === 'true'),
    amount: text,
    text,
  }[rule.kind];
  return rule.optional ? shaped.optional() : shaped;
}

const schemas = new WeakMap<FieldDecls, z.ZodObject>();

/** The endpoint's fields as one zod schema, built once per declaration. */
function schemaOf(decls: FieldDecls): z.ZodObject {
  let schema = schemas.get(decls);
  if (!schema) {
    schema = z.object(Object.fromEntries(Object.entries(decls).map(([name, decl]) => [name, fieldSchema(fieldRule(decl))])));
    schemas.set(decls, schema);
  }
  return schema;
}

export interface DeclaredFields {
  /** The declared fields as sent (text), for handlers' own rules and idempotency fingerprints. */
  input: Input;
  /** The declared fields parsed: ids and counts as numbers, flags as booleans, the rest as text. */
  fields: Readonly<Record<string, string | number | boolean>>;
}

/**
 * The one parse of a request's fields (zod, from the endpoint's declaration), the first problem in
 * declaration order answered: a required field missing is VALID.REQUIRED; a value longer than its
 * limit (FIELD_MAX_CHARS unless the field says) or of the wrong shape answers the field's code, else
 * its kind's. A JSON boolean arrives as 'true'/'false', which no id or count accepts. Fields the
 * endpoint does not declare are dropped: no handler can act on a field the table does not name.
 */
export function declaredFields(decls: FieldDecls, input: Input): Outcome<DeclaredFields> {
  const declared: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const name of Object.keys(decls)) {
    const raw = input[name];
    if (raw !== undefined) declared[name] = raw;
  }
  const parsed = schemaOf(decls).safeParse({ ...declared });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return failure(issue && isErrorCode(issue.message) ? issue.message : 'COMMON.PARAM_INVALID', typeof field === 'string' ? field : undefined);
  }
  return success({ input: declared, fields: parsed.data as DeclaredFields['fields'] });
}

/**
 * Outside production, reading a field the endpoint does not declare throws: the route tests then
 * find a handler that relies on a field the table (and so the app's typed params) leaves out.
 */
export function guardUndeclared<T extends object>(input: T, decls: FieldDecls, path: string): T {
  return new Proxy(input, {
    get(target, key) {
      if (typeof key === 'string' && !Object.hasOwn(decls, key)) throw new Error(`${path} read the field "${key}", which its endpoint does not declare`);
      return Reflect.get(target, key) as unknown;
    },
  });
}
