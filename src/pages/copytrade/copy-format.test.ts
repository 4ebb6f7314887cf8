import { describe, expect, it } from 'vitest';
import { priceDecimals, trendOf } from './copy-format.ts';

describe('trendOf', () => {
  it('judges the value as shown: a loss that rounds to 0.00 is no trend', () => {
    expect(trendOf('-0.004')).toBe('');
    expect(trendOf('0.004')).toBe('');
    expect(trendOf('-0.005')).toBe('trend-down');
    expect(trendOf('0.01')).toBe('trend-up');
    expect(trendOf('-0.0000')).toBe('');
  });

  it('takes 4 places for fractions shown as percentages', () => {
    expect(trendOf('0.00004', 4)).toBe('');
    expect(trendOf('0.0001', 4)).toBe('trend-up');
    expect(trendOf('-0.0001', 4)).toBe('trend-down');
  });

  it('gives no trend to what is not a number', () => {
    expect(trendOf('')).toBe('');
  });
});

describe('priceDecimals', () => {
  it('keeps a price its own digits, at least 2, capped by its size', () => {
    expect(priceDecimals('2928.042125')).toBe(2);
    expect(priceDecimals('59347.8')).toBe(2);
    expect(priceDecimals('3000')).toBe(2);
    expect(priceDecimals('1.2345678')).toBe(4);
    expect(priceDecimals('0.00012345')).toBe(8);
    expect(priceDecimals('0.5')).toBe(2);
  });
});
