import { describe, expect, it } from 'vitest';
import { isPositive } from '../shared/is-positive.ts';
import { fractionToPercent, isValidPrice, lotsProblem, lotsQuantity, riskLevel, stepLots } from './futures-math.ts';

describe('lots', () => {
  it('are whole numbers within min and max', () => {
    expect(lotsProblem('5', 1, 1000)).toBeNull();
    expect(lotsProblem(' 1000 ', 1, 1000)).toBeNull();
    expect(lotsProblem('0', 1, 1000)).toBe('below_min');
    expect(lotsProblem('1001', 1, 1000)).toBe('above_max');
    for (const raw of ['', '1.5', '-1', 'abc', '1e3']) expect(lotsProblem(raw, 1, 1000)).toBe('invalid');
  });

  it('step by one within the bounds; an unreadable box starts at min', () => {
    expect(stepLots('5', 1, 10, 1)).toBe('6');
    expect(stepLots('10', 1, 10, 1)).toBe('10');
    expect(stepLots('1', 1, 10, -1)).toBe('1');
    expect(stepLots('', 2, 10, 1)).toBe('2');
    expect(stepLots('x', 2, 10, -1)).toBe('2');
    expect(stepLots('50', 1, 10, -1)).toBe('10');
  });

  it('quantity = lots x lot size, exactly: 3 x 0.01 = 0.03', () => {
    expect(lotsQuantity(3, '0.01')).toBe('0.03');
    expect(lotsQuantity(7, '1')).toBe('7');
  });
});

describe('prices and rates', () => {
  it('a limit price is positive and on the tick', () => {
    expect(isValidPrice('100.25', '0.05')).toBe(true);
    expect(isValidPrice('100.26', '0.05')).toBe(false);
    expect(isValidPrice('0', '0.01')).toBe(false);
    expect(isValidPrice('', '0.01')).toBe(false);
  });

  it('a fraction shows as percent: 1.2534 is 125.34 %, 0.0005 is 0.05 %', () => {
    expect(fractionToPercent('1.2534')).toBe('125.34');
    expect(fractionToPercent('0.0005')).toBe('0.05');
    expect(fractionToPercent('x')).toBe('');
  });

  it('risk level against a 50 % liquidation rate: <= 100 % danger, < 150 % warn, else safe', () => {
    expect(riskLevel('0.9', '0.5')).toBe('danger');
    expect(riskLevel('1', '0.5')).toBe('danger');
    expect(riskLevel('1.49', '0.5')).toBe('warn');
    expect(riskLevel('1.5', '0.5')).toBe('safe');
    expect(riskLevel(null, '0.5')).toBe('safe');
  });

  it('isPositive only for values above zero', () => {
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('-3')).toBe(false);
    expect(isPositive(null)).toBe(false);
  });
});
