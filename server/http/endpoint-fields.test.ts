import { describe, expect, it } from 'vitest';
import type { FieldDecls } from '../../contract/endpoint.ts';
import { declaredFields, guardUndeclared } from './endpoint-fields.ts';
import { readInput } from './request-input.ts';

const FIELDS = {
  id: 'id', note: 'text?', amount: 'amount?', stay: 'flag?', lots: { kind: 'int', optional: true, code: 'CONTRACT.LOTS_INVALID' }, code: 'code?',
  nick: { kind: 'text', optional: true, max: 5, code: 'VALID.NICKNAME_LENGTH' },
} as const satisfies FieldDecls;
const check = (...sources: unknown[]) => declaredFields(FIELDS, readInput(...sources).input);

describe('declaredFields', () => {
  it('keeps only the declared fields, parsed by kind', () => {
    const result = check({ id: ' 7', note: 'hi', stay: 'TRUE', lots: '30', user_id: '1', fee: '0' });
    expect(result).toEqual({ ok: true, value: { input: { id: ' 7', note: 'hi', stay: 'TRUE', lots: '30' }, fields: { id: 7, note: 'hi', stay: true, lots: 30 } } });
    if (result.ok) expect(Object.keys(result.value.input)).toEqual(['id', 'note', 'stay', 'lots']);
  });

  it('refuses a missing required field as VALID.REQUIRED, an empty one too', () => {
    expect(check({ note: 'hi' })).toEqual({ ok: false, code: 'VALID.REQUIRED', field: 'id' });
    expect(check({ id: '' })).toEqual({ ok: false, code: 'VALID.REQUIRED', field: 'id' });
  });

  it('takes an id as a whole number from 1, text or JSON number', () => {
    expect(check({ id: 3 })).toMatchObject({ ok: true, value: { fields: { id: 3 } } });
    for (const id of ['0', '-1', '1.5', '1e3', 'x', '99999999999', true]) expect(check({ id })).toEqual({ ok: false, code: 'COMMON.PARAM_INVALID', field: 'id' });
  });

  it("answers a field's own code, else its kind's", () => {
    expect(check({ id: '1', lots: '1.5' })).toEqual({ ok: false, code: 'CONTRACT.LOTS_INVALID', field: 'lots' });
    expect(check({ id: '1', stay: 'maybe' })).toEqual({ ok: false, code: 'COMMON.PARAM_INVALID', field: 'stay' });
    expect(check({ id: '1', code: '12345' })).toEqual({ ok: false, code: 'VALID.CODE_LENGTH', field: 'code' });
    expect(check({ id: '1', nick: 'abcdef' })).toEqual({ ok: false, code: 'VALID.NICKNAME_LENGTH', field: 'nick' });
  });

  it('refuses text past the cap on any field', () => {
    expect(check({ id: '1', amount: '1'.repeat(5000) })).toEqual({ ok: false, code: 'VALID.TEXT_TOO_LONG', field: 'amount' });
  });

  it('answers the first problem in declaration order', () => {
    expect(check({ stay: 'maybe' })).toEqual({ ok: false, code: 'VALID.REQUIRED', field: 'id' });
  });
});

describe('guardUndeclared', () => {
  it('throws when a handler reads a field its endpoint leaves out', () => {
    const input: Record<string, string> = guardUndeclared({ id: '1' }, FIELDS, '/api/x');
    expect(input.id).toBe('1');
    expect(input.note).toBeUndefined();
    expect(() => input.user_id).toThrow(/user_id/);
  });
});
