import { describe, expect, it } from 'vitest';
import { declaredFields, guardUndeclared } from './endpoint-fields.ts';
import { readInput } from './request-input.ts';

const FIELDS = { id: 'id', note: 'text?', amount: 'amount?' } as const;
const check = (...sources: unknown[]) => {
  const { input, flags } = readInput(...sources);
  return declaredFields(FIELDS, input, flags);
};

describe('declaredFields', () => {
  it('keeps only the declared fields', () => {
    const result = check({ id: '7', note: 'hi', user_id: '1', fee: '0' });
    expect(result).toEqual({ ok: true, value: { id: '7', note: 'hi' } });
    if (result.ok) expect(Object.keys(result.value)).toEqual(['id', 'note']);
  });

  it('refuses a missing required field as VALID.REQUIRED, an empty one too', () => {
    expect(check({ note: 'hi' })).toEqual({ ok: false, code: 'VALID.REQUIRED', field: 'id' });
    expect(check({ id: '' })).toEqual({ ok: false, code: 'VALID.REQUIRED', field: 'id' });
  });

  it('takes an id as a whole number from 1, text or JSON number', () => {
    expect(check({ id: 3 })).toMatchObject({ ok: true });
    for (const id of ['0', '-1', '1.5', '1e3', 'x', '99999999999', true]) expect(check({ id })).toEqual({ ok: false, code: 'COMMON.PARAM_INVALID', field: 'id' });
  });

  it('refuses text past the cap on any field', () => {
    expect(check({ id: '1', amount: '1'.repeat(5000) })).toEqual({ ok: false, code: 'VALID.TEXT_TOO_LONG', field: 'amount' });
  });
});

describe('guardUndeclared', () => {
  it('throws when a handler reads a field its endpoint leaves out', () => {
    const input = guardUndeclared({ id: '1' }, FIELDS, '/api/x');
    expect(input.id).toBe('1');
    expect(input.note).toBeUndefined();
    expect(() => input.user_id).toThrow(/user_id/);
  });
});
