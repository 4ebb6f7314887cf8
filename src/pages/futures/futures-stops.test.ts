import { describe, expect, it } from 'vitest';
import { checkStop, checkStops, stopReference, stopSide } from './futures-stops.ts';

const tick = '0.01';

describe('stopSide: where each stop must be', () => {
  it('a long takes profit above and stops loss below; a short the other way round', () => {
    expect(stopSide('long', 'tp')).toBe('above');
    expect(stopSide('long', 'sl')).toBe('below');
    expect(stopSide('short', 'tp')).toBe('below');
    expect(stopSide('short', 'sl')).toBe('above');
  });
});

describe('checkStop against a reference of 100', () => {
  const long = { side: 'long' as const, reference: '100', tickSize: tick };
  const short = { side: 'short' as const, reference: '100', tickSize: tick };

  it('an empty box is no stop', () => {
    expect(checkStop('tp', { ...long, value: '' })).toBeNull();
    expect(checkStop('sl', { ...short, value: '' })).toBeNull();
  });

  it('long: TP 110 > 100 and SL 90 < 100 pass; TP 90, SL 110 and either at 100 exactly fail', () => {
    expect(checkStop('tp', { ...long, value: '110' })).toBeNull();
    expect(checkStop('sl', { ...long, value: '90' })).toBeNull();
    expect(checkStop('tp', { ...long, value: '90' })).toBe('must_be_above');
    expect(checkStop('sl', { ...long, value: '110' })).toBe('must_be_below');
    expect(checkStop('tp', { ...long, value: '100' })).toBe('must_be_above');
    expect(checkStop('sl', { ...long, value: '100.00' })).toBe('must_be_below');
  });

  it('short: TP 90 < 100 and SL 110 > 100 pass; the mirror images fail', () => {
    expect(checkStop('tp', { ...short, value: '90' })).toBeNull();
    expect(checkStop('sl', { ...short, value: '110' })).toBeNull();
    expect(checkStop('tp', { ...short, value: '110' })).toBe('must_be_below');
    expect(checkStop('sl', { ...short, value: '90' })).toBe('must_be_above');
  });

  it('one tick beyond the reference is enough: long TP 100.01, short TP 99.99', () => {
    expect(checkStop('tp', { ...long, value: '100.01' })).toBeNull();
    expect(checkStop('tp', { ...short, value: '99.99' })).toBeNull();
  });

  it('refuses what is not a positive price on the tick', () => {
    for (const value of ['abc', '0', '-5', '100.001', '1e3', '.5']) expect(checkStop('tp', { ...long, value })).toBe('invalid');
  });

  it('compares exactly, without floats: 0.1 + 0.2 style values near the reference', () => {
    const r = { side: 'long' as const, reference: '0.30000001', tickSize: '0.00000001' };
    expect(checkStop('tp', { ...r, value: '0.30000002' })).toBeNull();
    expect(checkStop('tp', { ...r, value: '0.30000001' })).toBe('must_be_above');
  });

  it('without a reference (no mark yet) only the price form is checked; the server checks the side', () => {
    expect(checkStop('tp', { side: 'long', reference: null, tickSize: tick, value: '1' })).toBeNull();
    expect(checkStop('tp', { side: 'long', reference: null, tickSize: tick, value: 'x' })).toBe('invalid');
  });
});

describe('checkStops', () => {
  it('reports both boxes at once', () => {
    expect(checkStops({ side: 'long', reference: '100', tickSize: tick, tp: '95', sl: '105' })).toEqual({ tp: 'must_be_above', sl: 'must_be_below' });
    expect(checkStops({ side: 'short', reference: '100', tickSize: tick, tp: '95', sl: '105' })).toEqual({ tp: null, sl: null });
  });
});

describe('stopReference', () => {
  it('holds a market order\'s stops beyond both the mark and the price it opens at', () => {
    // A long opening at 102 with the mark at 100: take-profit above 102, stop-loss below 100.
    expect(checkStops({ side: 'long', reference: '100', dealt: '102', tickSize: tick, tp: '101', sl: '101' })).toEqual({ tp: 'must_be_above', sl: 'must_be_below' });
    expect(checkStops({ side: 'long', reference: '100', dealt: '102', tickSize: tick, tp: '103', sl: '99' })).toEqual({ tp: null, sl: null });
    // A short opening at 98: take-profit below 98, stop-loss above 100.
    expect(stopReference('short', 'tp', '100', '98')).toBe('98');
    expect(stopReference('short', 'sl', '100', '98')).toBe('100');
    // No preview yet: the mark alone.
    expect(stopReference('long', 'tp', '100', null)).toBe('100');
  });
});

