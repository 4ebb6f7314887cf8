import { describe, expect, it } from 'vitest';
import { toSafeInt } from './to-safe-int.ts';

describe('toSafeInt', () => {
  it('converts every value within the safe integer range exactly', () => {
    expect(toSafeInt(0n, 'lots')).toBe(0);
    expect(toSafeInt(-42n, 'ticks')).toBe(-42);
    expect(toSafeInt(9_007_199_254_740_991n, 'ticks')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toSafeInt(-9_007_199_254_740_991n, 'ticks')).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('throws, naming the value, one past either end instead of rounding', () => {
    expect(() => toSafeInt(9_007_199_254_740_992n, 'price ticks')).toThrow('price ticks 9007199254740992 is outside the safe integer range');
    expect(() => toSafeInt(-9_007_199_254_740_992n, 'lots')).toThrow('lots -9007199254740992 is outside the safe integer range');
    expect(() => toSafeInt(10n ** 30n, 'lots')).toThrow(/^lots 1000000000000000000000000000000 /);
  });

  it('takes a column as the drivers return it: a number or a numeric string (PostgreSQL bigint), never a fraction', () => {
    expect(toSafeInt(600000, 'price ticks')).toBe(600000);
    expect(toSafeInt('600000', 'price ticks')).toBe(600000);
    expect(() => toSafeInt('9007199254740993', 'price ticks')).toThrow('price ticks 9007199254740993 is outside the safe integer range');
    expect(() => toSafeInt(0.5, 'price ticks')).toThrow(RangeError);
    expect(() => toSafeInt('60.5', 'price ticks')).toThrow(SyntaxError);
  });
});
