import { describe, expect, it } from 'vitest';
import { LOCALE_TAGS } from '../../contract/locales.ts';
import { KNOWN_SYMBOLS, NUMBER_PLACEHOLDER, decimalForInput, decimalFromInput, formatNumber, formatPercent, formatShortAmount, intlSymbolsOf } from './format-number.ts';

describe('formatNumber', () => {
  it('shows 2 decimals by default, rounded half-up, with grouping', () => {
    expect(formatNumber('1234.567')).toBe('1,234.57');
    expect(formatNumber('1234.565')).toBe('1,234.57');
    expect(formatNumber('1234.564999')).toBe('1,234.56');
    expect(formatNumber('0')).toBe('0.00');
    expect(formatNumber('999')).toBe('999.00');
    expect(formatNumber('1000')).toBe('1,000.00');
    expect(formatNumber('1234567')).toBe('1,234,567.00');
  });

  it('keeps every digit of values Number cannot hold', () => {
    expect(formatNumber('123456789012345678.123456789', { decimals: 9 })).toBe('123,456,789,012,345,678.123456789');
    expect(formatNumber('123456789012345678.123456789')).toBe('123,456,789,012,345,678.12');
    expect(formatNumber('0.000000000000000001', { decimals: 18 })).toBe('0.000000000000000001');
    expect(formatNumber('0.000000000000000001')).toBe('0.00');
    // 0.1 + 0.2 style error would show here as ...0000004.
    expect(formatNumber('0.3', { decimals: 17 })).toBe('0.30000000000000000');
  });

  it('honours decimals, including zero', () => {
    expect(formatNumber('2.5', { decimals: 0 })).toBe('3');
    expect(formatNumber('1234.5', { decimals: 4 })).toBe('1,234.5000');
  });

  it('formats negatives without negative zero', () => {
    expect(formatNumber('-1234.5')).toBe('-1,234.50');
    expect(formatNumber('-0.001')).toBe('0.00');
    expect(formatNumber('-0.005')).toBe('-0.01');
  });

  it('shows the placeholder for malformed input', () => {
    for (const bad of ['', 'abc', '1e5', 'NaN', 'Infinity', ' 1', '1.', '-0']) {
      expect(formatNumber(bad)).toBe(NUMBER_PLACEHOLDER);
    }
  });

  describe('compact', () => {
    it.each([
      ['999', '999.00'],
      ['1000', '1,000.00'], // the spec says above 1000
      ['1000.01', '1.00K'],
      ['1234', '1.23K'],
      ['1235', '1.24K'],
      ['999999', '1.00M'], // 999.999K rounds to 1000.00K, which is 1.00M
      ['999994', '999.99K'],
      ['1000000', '1.00M'],
      ['1000001', '1.00M'],
      ['2500000', '2.50M'],
      ['123456789012', '123,456.79M'],
      ['-2500000', '-2.50M'],
      ['-1234', '-1.23K'],
      ['-999', '-999.00'],
    ] as const)('%s → %s', (value, expected) => {
      expect(formatNumber(value, { compact: true })).toBe(expected);
    });

    it('promotes to M when the K figure rounds up to a thousand', () => {
      expect(formatNumber('999999.999', { compact: true })).toBe('1.00M');
      expect(formatNumber('999995', { compact: true })).toBe('1.00M');
      expect(formatNumber('999995', { compact: true, decimals: 3 })).toBe('999.995K');
    });

    it('uses the decimals option and the locale', () => {
      expect(formatNumber('2500000', { compact: true, decimals: 1 })).toBe('2.5M');
      expect(formatNumber('1234', { compact: true, locale: 'fr' })).toBe('1,23K');
    });
  });

  describe('locales', () => {
    const tags = Object.values(LOCALE_TAGS);
    // These values are exact in binary floating point, so Intl's own output is a fair reference.
    const samples = ['0', '7.5', '1234.5', '12345.25', '-1234567.75', '100000', '-0.5'];

    it.each(tags)('matches Intl.NumberFormat symbols and grouping for %s', (tag) => {
      const reference = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const value of samples) {
        expect(formatNumber(value, { locale: tag })).toBe(reference.format(Number(value)));
      }
    });

    it('uses French and Turkish separators and the Spanish grouping threshold', () => {
      expect(formatNumber('1234.56', { locale: 'fr' })).toBe('1\u202f234,56');
      expect(formatNumber('1234.56', { locale: 'tr' })).toBe('1.234,56');
      expect(formatNumber('1234.56', { locale: 'es' })).toBe('1234,56');
      expect(formatNumber('12345.6', { locale: 'es' })).toBe('12.345,60');
    });

    it('keeps huge values exact in other locales too', () => {
      expect(formatNumber('123456789012345678.123456789', { locale: 'tr', decimals: 9 })).toBe('123.456.789.012.345.678,123456789');
    });
  });
});

describe('formatShortAmount', () => {
  it('keeps an amount under a million exact, with its decimals', () => {
    expect(formatShortAmount('999999.99', 2)).toBe('999,999.99');
    expect(formatShortAmount('0.0123', 4)).toBe('0.0123');
    expect(formatShortAmount('-457665.4', 1)).toBe('-457,665.4');
  });

  it('shortens a million and more, by absolute value, in the reader\'s symbols', () => {
    expect(formatShortAmount('1000000', 0)).toBe('1.00M');
    expect(formatShortAmount('94397700', 0)).toBe('94.40M');
    expect(formatShortAmount('-2500000', 0)).toBe('-2.50M');
    expect(formatShortAmount('94397700', 0, 'fr')).toBe(formatNumber('94397700', { compact: true, locale: 'fr' }));
    expect(formatShortAmount('94397700', 0, 'fr')).toContain(',');
  });

  it('shows a malformed amount as the placeholder', () => {
    expect(formatShortAmount('', 2)).toBe(NUMBER_PLACEHOLDER);
    expect(formatShortAmount('1e9', 2)).toBe(NUMBER_PLACEHOLDER);
  });
});

describe('formatPercent', () => {
  it.each([
    ['1.234', '+1.23%'],
    ['+1.234', '+1.23%'],
    ['-0.5', '-0.50%'],
    ['0', '0.00%'],
    ['0.004', '0.00%'],
    ['-0.004', '0.00%'],
    ['0.005', '+0.01%'],
    ['1234.5', '+1,234.50%'],
  ] as const)('%s → %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it('honours decimals and locale', () => {
    expect(formatPercent('12.3456', { decimals: 3 })).toBe('+12.346%');
    expect(formatPercent('-12.3456', { locale: 'fr' })).toBe('-12,35%');
  });

  it('shows the placeholder for malformed input', () => {
    for (const bad of ['', '+', '+-1', '++1', '1%', 'abc', '1e2']) {
      expect(formatPercent(bad)).toBe(NUMBER_PLACEHOLDER);
    }
  });
});

describe('KNOWN_SYMBOLS', () => {
  it.each(Object.values(LOCALE_TAGS))('%s: the written-out symbols are what Intl says', (tag) => {
    expect(KNOWN_SYMBOLS[tag]).toEqual(intlSymbolsOf(tag));
  });
});

describe('decimal input text', () => {
  it('shows the locale decimal mark and never groups', () => {
    expect(decimalForInput('59212.4', 'en')).toBe('59212.4');
    expect(decimalForInput('59212.4', 'fr')).toBe('59212,4');
    expect(decimalForInput('1234567.5', 'es')).toBe('1234567,5');
    expect(decimalForInput('0.0042', 'tr')).toBe('0,0042');
    expect(decimalForInput('', 'fr')).toBe('');
  });

  it('reads the locale decimal mark typed back as a point, and leaves anything else for the checks', () => {
    expect(decimalFromInput('0,5', 'fr')).toBe('0.5');
    expect(decimalFromInput('0.5', 'fr')).toBe('0.5');
    expect(decimalFromInput('0,5', 'en')).toBe('0,5'); // the amount check itself takes a comma in English
    expect(decimalFromInput('1.000,5', 'es')).toBe('1.000.5'); // grouped input is refused later, not guessed at
    for (const tag of Object.values(LOCALE_TAGS)) expect(decimalFromInput(decimalForInput('123.45', tag), tag)).toBe('123.45');
  });
});
