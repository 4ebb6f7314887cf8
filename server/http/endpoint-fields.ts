import { fieldKind, FIELD_MAX_CHARS, type FieldDecls } from '../../contract/endpoint.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import type { FieldFlags, Input } from './request-input.ts';

const ID = /^[1-9]\d{0,9}$/;
const ID_MAX = 2_147_483_647;

/**
 * The declared fields of a request, checked for shape in the order the endpoint declares them: a
 * required field missing is VALID.REQUIRED, an id that is not a whole number from 1 (or came as a
 * JSON boolean) COMMON.PARAM_INVALID, text past FIELD_MAX_CHARS VALID.TEXT_TOO_LONG. Fields the
 * endpoint does not declare are dropped: no handler can act on a field the table does not name.
 */
export function declaredFields(fields: FieldDecls, input: Input, flags: FieldFlags): Outcome<Input> {
  const declared: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, decl] of Object.entries(fields)) {
    const raw = input[name];
    const { kind, required } = fieldKind(decl);
    if (raw === undefined) {
      if (required) return failure('VALID.REQUIRED', name);
      continue;
    }
    if (raw.length > FIELD_MAX_CHARS) return failure('VALID.TEXT_TOO_LONG', name);
    if (kind === 'id' && (flags.nonText.has(name) || !ID.test(raw.trim()) || Number(raw) > ID_MAX)) return failure('COMMON.PARAM_INVALID', name);
    declared[name] = raw;
  }
  return success(declared);
}

/**
 * Outside production, reading a field the endpoint does not declare throws: the route tests then
 * find a handler that relies on a field the table (and so the app's typed params) leaves out.
 */
export function guardUndeclared(input: Input, fields: FieldDecls, path: string): Input {
  return new Proxy(input, {
    get(target, key) {
      if (typeof key === 'string' && !Object.hasOwn(fields, key)) throw new Error(`${path} read the field "${key}", which its endpoint does not declare`);
      return Reflect.get(target, key) as unknown;
    },
  });
}
