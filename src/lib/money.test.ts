import { describe, expect, it } from 'vitest';
import { FIAT_CODES } from '../../contract/api/wallet.ts';
import { LOCALE_TAGS } from '../../contract/locales.ts';
import { checkAmount, displayDecimals, fiatFormat, intlFiatFormat, maxAfterFee, isSmallBalance, normaliseAmountInput, usdtToFiat } from './money.ts';

describe('usdtToFiat', () => {
  it('multiplies exactly and rounds for display', () => {
    expect(usdtToFiat('1234.56', '7.1234', 2)).toBe('8794.26');
    expect(usdtToFiat('100', '1', 2)).toBe('100.00');
    expect(usdtToFiat('0.1', '24500', 0)).toBe('2450');
    expect(usdtToFiat('99999999999999999.99', '7.2', 2)).toBe('719999999999999999.93');
  });

  it('gives "" for malformed input', () => {
    expect(usdtToFiat('abc', '1', 2)).toBe('');
    expect(usdtToFiat('1', '', 2)).toBe('');
  });
});

describe('fiatFormat', () => {
  it('uses the currency digits and the narrow symbol Intl knows', () => {
    expect(fiatFormat('JPY', 'en').decimals).toBe(0);
    expect(fiatFormat('USD', 'en')).toEqual({ symbol: '$', decimals: 2 });
    expect(fiatFormat('USD', 'zh-CN').symbol).toBe('$');
  });
});

describe('fiatFormat without Intl', () => {
  const pairs = Object.values(LOCALE_TAGS).flatMap((tag) => ['USD', ...FIAT_CODES].map((code) => [tag, code] as const));
  it.each(pairs)('%s %s: the written-out symbol and digits are what Intl says', (tag, code) => {
    expect(fiatFormat(code, tag)).toEqual(intlFiatFormat(code, tag));
  });
});

describe('checkAmount', () => {
  const limits = { decimals: 6, available: '100', min: '10' };
  it.each([
    ['', 'invalid'],
    ['0', 'invalid'],
    ['-5', 'invalid'],
    ['1e3', 'invalid'],
    ['1.1234567', 'invalid'],
    ['9.999999', 'below_min'],
    ['100.000001', 'insufficient'],
    ['10', null],
    ['100', null],
    ['55.5', null],
  ] as const)('%j → %s', (amount, problem) => expect(checkAmount(amount, limits)).toBe(problem));

  it('skips the checks it has no limit for', () => {
    expect(checkAmount('5', { decimals: 2 })).toBeNull();
  });
});

describe('isSmallBalance', () => {
  it('is below 1 USDT, or unreadable', () => {
    expect(isSmallBalance('0.99')).toBe(true);
    expect(isSmallBalance('1')).toBe(false);
    expect(isSmallBalance('')).toBe(true);
  });
});

describe('normaliseAmountInput', () => {
  it.each([
    [' 12.5 ', '12.5'],
    ['12,5', '12.5'],
    ['007.5', '7.5'],
    ['0.5', '0.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e5', '1e5'],
    ['abc', 'abc'],
  ])('%j → %j', (raw, clean) => expect(normaliseAmountInput(raw)).toBe(clean));
});

describe('displayDecimals', () => {
  it.each([
    ['0.00012345', 8],
    ['12.5', 2],
    ['12.500000', 2],
    ['100', 2],
    ['0.1234567891', 8],
    ['x', 2],
  ] as const)('%s → %d', (value, digits) => expect(displayDecimals(value)).toBe(digits));
});

describe('maxAfterFee', () => {
  it('leaves room for a fee paid on top, never going below zero', () => {
    expect(maxAfterFee('100', '1')).toBe('99');
    expect(maxAfterFee('0.0005', '0.0005')).toBe('0');
    expect(maxAfterFee('0.0001', '0.0005')).toBe('0');
    expect(maxAfterFee('x', '1')).toBe('0');
  });
});
