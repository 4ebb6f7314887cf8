import { describe, expect, it } from 'vitest';
import { expectedProfit, stakeProblem } from './options-stake.ts';

const limits = { decimals: 2, min: '10', max: '5000', available: '100' };

describe('stake checks', () => {
  it('accepts a stake within min, max and the balance', () => {
    expect(stakeProblem('10', limits)).toBeNull();
    expect(stakeProblem('100.00', limits)).toBeNull();
  });
  it('says what is wrong, in order', () => {
    expect(stakeProblem('abc', limits)).toBe('invalid');
    expect(stakeProblem('10.001', limits)).toBe('invalid');
    expect(stakeProblem('9.99', limits)).toBe('below_min');
    expect(stakeProblem('5000.01', { ...limits, available: '10000' })).toBe('above_max');
    expect(stakeProblem('100.01', limits)).toBe('insufficient');
  });
});

describe('expected profit = stake x profit rate, cut to the currency decimals', () => {
  it('10 x 0.15 = 1.50; 33.33 x 0.15 = 4.9995 -> 4.99 (never promises more)', () => {
    expect(expectedProfit('10', '0.15', 2)).toBe('1.50');
    expect(expectedProfit('33.33', '0.15', 2)).toBe('4.99');
  });
});
