import { describe, expect, it } from 'vitest';
import {
  accuracyPpm, copyLots, fractionPpm, modeOf, numberText, numberUnitsOf, partialCloseLots, ppmFraction, profitShareDue, roundedLots, yieldPpm,
} from '../../server/modules/copytrade/rules.ts';

describe('copy sizes', () => {
  it('reads the spec type 1/2 and the words', () => {
    expect([modeOf('1'), modeOf('2'), modeOf(' Multiple '), modeOf('lots'), modeOf('3')]).toEqual(['multiple', 'lots', 'multiple', 'lots', null]);
  });

  it('takes a multiple with at most 2 decimals and whole fixed lots', () => {
    expect(numberUnitsOf('multiple', '1.5')).toBe(150);
    expect(numberUnitsOf('multiple', '0.01')).toBe(1);
    expect(numberUnitsOf('multiple', '1.255')).toBeNull();
    expect(numberUnitsOf('multiple', '0')).toBeNull();
    expect(numberUnitsOf('multiple', '-1')).toBeNull();
    expect(numberUnitsOf('lots', '3')).toBe(3);
    expect(numberUnitsOf('lots', '1.5')).toBeNull();
    expect(numberUnitsOf('lots', '0')).toBeNull();
    expect([numberText('multiple', 150), numberText('multiple', 105), numberText('multiple', 200), numberText('lots', 3)]).toEqual(['1.5', '1.05', '2', '3']);
  });

  it('multiplies and rounds down to whole lots', () => {
    expect(copyLots('multiple', 150, 3)).toBe(4); // 4.5 -> 4
    expect(copyLots('multiple', 200, 3)).toBe(6);
    expect(copyLots('multiple', 50, 1)).toBe(0); // 0.5: below one lot, skipped by the mirror
    expect(copyLots('multiple', 33, 20)).toBe(6); // 6.6 -> 6
    expect(copyLots('lots', 2, 17)).toBe(2);
  });

  it('rounds a non-integer above 1 to 2 decimals before the lot step (spec section 9)', () => {
    // 1999 / 1000 = 1.999 -> 2.00 -> 2 lots, where rounding straight down would give 1
    expect(roundedLots(1999n, 1000n)).toBe(2);
    // 1.994 -> 1.99 -> 1
    expect(roundedLots(1994n, 1000n)).toBe(1);
    // 0.999 is not above 1: straight down to 0
    expect(roundedLots(999n, 1000n)).toBe(0);
    expect(roundedLots(4n, 2n)).toBe(2);
  });

  it('scales a partial close: follower position x trader close / trader position', () => {
    expect(partialCloseLots(4, 1, 3)).toBe(1); // 1.33 -> 1
    expect(partialCloseLots(6, 1, 2)).toBe(3);
    expect(partialCloseLots(7, 2, 3)).toBe(4); // 4.67 -> 4
    expect(partialCloseLots(1, 1, 3)).toBe(0); // 0.33: nothing to close, recorded as a skip
    expect(partialCloseLots(1999, 1, 1000)).toBe(2); // 1.999 -> 2.00 -> 2
    expect(partialCloseLots(5, 3, 3)).toBe(5); // the trader closed all: all of it
  });
});

describe('profit share (Binance): max(realised x share - already shared, 0)', () => {
  it('pays the share of cumulative realised profit not yet shared', () => {
    expect(profitShareDue(1_000_000_000n, 100_000, 0n)).toBe(100_000_000n); // 1000 USDT at 10 % -> 100
    expect(profitShareDue(1_000_000_000n, 100_000, 100_000_000n)).toBe(0n);
    expect(profitShareDue(1_500_000_000n, 100_000, 100_000_000n)).toBe(50_000_000n);
  });

  it('never pays on profit later lost, and never pays back', () => {
    expect(profitShareDue(-5n, 100_000, 0n)).toBe(0n);
    expect(profitShareDue(500_000_000n, 100_000, 100_000_000n)).toBe(0n);
  });

  it('rounds the share down to the minor unit', () => {
    expect(profitShareDue(15n, 100_000, 0n)).toBe(1n);
  });
});

describe('trader figures', () => {
  it('win rate = winning closed trades / closed trades', () => {
    expect(ppmFraction(accuracyPpm(2, 3))).toBe('0.6666');
    expect(accuracyPpm(0, 0)).toBe(0);
  });

  it('ROI = profit / (equity + deposits)', () => {
    expect(ppmFraction(yieldPpm(100n, 1000n))).toBe('0.1000');
    expect(ppmFraction(yieldPpm(-1n, 1_000_000n))).toBe('0.0000');
    expect(ppmFraction(yieldPpm(-100n, 1000n))).toBe('-0.1000');
    expect(ppmFraction(yieldPpm(-50n, 1000n))).toBe('-0.0500');
    expect(yieldPpm(100n, 0n)).toBe(0);
  });

  it('reads a profit share fraction', () => {
    expect([fractionPpm('0.1'), fractionPpm('0.125'), fractionPpm('1'), fractionPpm('abc'), fractionPpm('-0.1')]).toEqual([100_000, 125_000, 1_000_000, null, null]);
  });
});
