import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { absDecimal, addDecimal, compareDecimal, isDecimalString, multiplyDecimal, roundDecimal, shiftDecimal, subtractDecimal, trimDecimal, truncateDecimal } from './decimal.ts';

describe('isDecimalString', () => {
  it.each(['0', '1', '-1', '0.5', '-0.5', '12.50', '123456789012345678.123456789', '0.000000000000000001', '10', '1.0'])(
    'accepts %j',
    (s) => expect(isDecimalString(s)).toBe(true),
  );

  it.each([
    '', ' 1', '1 ', '1.', '.5', '+1', '01', '00.5', '-', '-.5', '1e5', '1E5', '0x10', 'NaN', 'Infinity', '-Infinity',
    '1_000', '1,5', '1.2.3', '١٢', '--1', '-0', '-0.0', '-0.000',
  ])('rejects %j', (s) => expect(isDecimalString(s)).toBe(false));

  it('rejects values that are not strings at all', () => {
    expect(isDecimalString(1)).toBe(false);
    expect(isDecimalString(null)).toBe(false);
    expect(isDecimalString(undefined)).toBe(false);
    expect(isDecimalString(1n)).toBe(false);
  });

  it('limits the fraction digits when asked', () => {
    expect(isDecimalString('1.23', 2)).toBe(true);
    expect(isDecimalString('1.234', 2)).toBe(false);
    expect(isDecimalString('5', 0)).toBe(true);
    expect(isDecimalString('5.0', 0)).toBe(false);
    expect(isDecimalString('-0.1', 1)).toBe(true);
  });
});

describe('compareDecimal', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.5', '1.50', 0],
    ['0', '0.000', 0],
    ['-1', '1', -1],
    ['-2', '-1', -1],
    ['-0.1', '0', -1],
    ['0.1', '0.09999999999999999999', 1],
    ['123456789012345678.123456789', '123456789012345678.123456788', 1],
    ['9007199254740993', '9007199254740992', 1], // past Number's exact range: Number calls these equal
  ] as const)('compares %s with %s', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });

  it('throws on malformed input instead of guessing', () => {
    expect(() => compareDecimal('1e3', '1')).toThrow(RangeError);
    expect(() => compareDecimal('1', '')).toThrow(RangeError);
  });

  it('agrees with exact arithmetic on values Number holds exactly, and is antisymmetric', () => {
    const dec = fc
      .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }))
      .map(([units, scale]) => ({ units, scale, s: scale === 0 ? String(units) : fmt(units, scale) }));
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        // Cross-multiplied integers stay below 2^53, so this reference is exact.
        const left = a.units * 10 ** (4 - a.scale);
        const right = b.units * 10 ** (4 - b.scale);
        const expected = Math.sign(left - right);
        expect(compareDecimal(a.s, b.s)).toBe(expected === 0 ? 0 : expected);
        expect(compareDecimal(b.s, a.s)).toBe(expected === 0 ? 0 : -expected);
      }),
    );
  });
});

describe('compareDecimal on long strings', () => {
  it('agrees with BigInt arithmetic at any length and scale', () => {
    const digits = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
    const dec = fc.tuple(fc.boolean(), digits(1, 30), digits(0, 12)).map(([negative, int, frac]) => {
      const whole = int.replace(/^0+(?=\d)/, '');
      const body = frac ? `${whole}.${frac}` : whole;
      // Negative zero is not a decimal string: zero is written unsigned.
      const zero = /^0(\.0+)?$/.test(body);
      return { s: negative && !zero ? `-${body}` : body, units: BigInt((negative && !zero ? '-' : '') + whole + frac.padEnd(12, '0')) };
    });
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        const expected = a.units < b.units ? -1 : a.units > b.units ? 1 : 0;
        expect(compareDecimal(a.s, b.s)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

/** A decimal string for units / 10^scale, written by hand (no float division). */
function fmt(units: number, scale: number): string {
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const body = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return units < 0 ? `-${body}` : body;
}

describe('roundDecimal', () => {
  it.each([
    ['1.234', 2, '1.23'],
    ['1.235', 2, '1.24'],
    ['1.2349999', 2, '1.23'],
    ['0.125', 2, '0.13'],
    ['-0.125', 2, '-0.13'],
    ['-1.234', 2, '-1.23'],
    ['9.995', 2, '10.00'],
    ['999.9999', 3, '1000.000'],
    ['1', 2, '1.00'],
    ['1.5', 0, '2'],
    ['2.4', 0, '2'],
    ['-2.5', 0, '-3'],
    ['0', 4, '0.0000'],
    ['0', 0, '0'],
    ['12', 0, '12'],
    ['-12', 3, '-12.000'],
    ['-0.5', 1, '-0.5'],
    ['0.05', 4, '0.0500'],
    ['-0.001', 2, '0.00'], // no negative zero
    ['-0.004', 2, '0.00'],
    ['-0.005', 2, '-0.01'],
    ['123456789012345678.123456789', 8, '123456789012345678.12345679'],
    ['0.000000000000000005', 17, '0.00000000000000001'],
    ['0.000000000000000004', 17, '0.00000000000000000'],
  ] as const)('rounds %s to %d places as %s', (s, d, expected) => {
    expect(roundDecimal(s, d)).toBe(expected);
  });

  it('refuses malformed input and a bad digit count', () => {
    expect(() => roundDecimal('abc', 2)).toThrow(RangeError);
    expect(() => roundDecimal('1', -1)).toThrow(RangeError);
    expect(() => roundDecimal('1', 1.5)).toThrow(RangeError);
  });
});

describe('shiftDecimal', () => {
  it.each([
    ['1234.5', -3, '1.2345'],
    ['1234', -3, '1.234'],
    ['5', -3, '0.005'],
    ['-5', -3, '-0.005'],
    ['1.25', 2, '125'],
    ['1.25', 4, '12500'],
    ['1.25', 0, '1.25'],
    ['123456789012345678.123456789', -6, '123456789012.345678123456789'],
  ] as const)('moves the point of %s by %d: %s', (s, places, expected) => {
    expect(shiftDecimal(s, places)).toBe(expected);
  });

  it('agrees with scaling the exact integer, at any length, scale and shift', () => {
    const dec = fc.tuple(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.integer({ min: 0, max: 10 }));
    // The reference: units / 10^scale written out by BigInt, then the point moved by changing the scale.
    const write = (units: bigint, scale: number) => {
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const body = scale > 0 ? `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}` : digits;
      return units < 0n ? `-${body}` : body;
    };
    fc.assert(
      fc.property(dec, fc.integer({ min: -12, max: 12 }), ([units, scale], places) => {
        const next = scale - places;
        const expected = next >= 0 ? write(units, next) : write(units * 10n ** BigInt(-next), 0);
        expect(shiftDecimal(write(units, scale), places)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses malformed input', () => {
    expect(() => shiftDecimal('1e3', 1)).toThrow(RangeError);
    expect(() => shiftDecimal('1', 0.5)).toThrow(RangeError);
  });
});

describe('absDecimal', () => {
  it('drops the sign only', () => {
    expect(absDecimal('-12.30')).toBe('12.30');
    expect(absDecimal('12.30')).toBe('12.30');
    expect(absDecimal('0')).toBe('0');
    expect(() => absDecimal('-0')).toThrow(RangeError);
  });
});

describe('addDecimal, subtractDecimal and multiplyDecimal', () => {
  it.each([
    ['0.1', '0.2', '0.3'],
    ['1', '0.005', '1.005'],
    ['-1.5', '1.5', '0.0'],
    ['123456789012345678.9', '0.1', '123456789012345679.0'],
  ] as const)('%s + %s = %s', (a, b, sum) => expect(addDecimal(a, b)).toBe(sum));

  it.each([
    ['10', '0.25', '9.75'],
    ['0.25', '10', '-9.75'],
    ['5', '5.000', '0.000'],
  ] as const)('%s - %s = %s', (a, b, difference) => expect(subtractDecimal(a, b)).toBe(difference));

  it.each([
    ['1.5', '7.25', '10.875'],
    ['100', '7.1234', '712.3400'],
    ['-2', '0.5', '-1.0'],
    ['0.000001', '0.000001', '0.000000000001'],
  ] as const)('%s × %s = %s', (a, b, product) => expect(multiplyDecimal(a, b)).toBe(product));

  it('agrees with integer arithmetic on scaled values', () => {
    const dec = fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }));
    const text = ([units, scale]: [bigint, number]) => shiftDecimal(units.toString(), -scale);
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        const [x, y] = [text(a), text(b)];
        expect(compareDecimal(subtractDecimal(addDecimal(x, y), y), x)).toBe(0);
        expect(compareDecimal(multiplyDecimal(x, '1'), x)).toBe(0);
      }),
    );
  });

  it('refuses malformed input', () => {
    expect(() => addDecimal('1e3', '1')).toThrow(RangeError);
    expect(() => multiplyDecimal('1', 'NaN')).toThrow(RangeError);
  });
});

describe('truncateDecimal and trimDecimal', () => {
  it('cuts towards zero and never rounds up', () => {
    expect(truncateDecimal('1.239', 2)).toBe('1.23');
    expect(truncateDecimal('-1.239', 2)).toBe('-1.23');
    expect(truncateDecimal('1.2', 4)).toBe('1.2');
    expect(truncateDecimal('0.009', 2)).toBe('0.00');
    expect(truncateDecimal('7.99', 0)).toBe('7');
  });

  it('drops trailing fraction zeros only', () => {
    expect(trimDecimal('12.500')).toBe('12.5');
    expect(trimDecimal('3.000')).toBe('3');
    expect(trimDecimal('100')).toBe('100');
    expect(trimDecimal('0.0')).toBe('0');
  });
});
