import { describe, expect, it } from 'vitest';
import { FIGURE_MARK, labelAround, rowText, type RowFormat } from './row-text.ts';

const en: RowFormat = { id: 'en|en', locale: 'en', volume: ['Vol ', ''] };
const fr: RowFormat = { id: 'fr|fra', locale: 'fr', volume: ['Vol ', ''] };

describe('rowText', () => {
  it('writes the price at its tick, the volume compact in its label, the change signed', () => {
    expect(rowText({ last: '61234.5', quote_volume_24h: '2500000', change_pct: '1.234' }, '0.1', en)).toEqual({
      id: 'en|en',
      last: '61,234.5',
      volume: 'Vol 2.50M',
      change: '+1.23%',
    });
  });

  it('uses the locale of its format', () => {
    const text = rowText({ last: '61234.5', quote_volume_24h: '1500', change_pct: '-0.5' }, '0.01', fr);
    expect(text).toEqual({ id: 'fr|fra', last: '61\u202f234,50', volume: 'Vol 1,50K', change: '-0,50%' });
  });

  it('a pair without a tick shows the digits its price has, 2 to 8', () => {
    expect(rowText({ last: '0.000012345', quote_volume_24h: '0', change_pct: '0' }, '', en).last).toBe('0.00001235');
  });

  it('a malformed figure shows the placeholder, not a wrong number', () => {
    expect(rowText({ last: 'NaN', quote_volume_24h: '', change_pct: '1e3' }, '0.01', en)).toMatchObject({ last: '--', volume: 'Vol --', change: '--' });
  });
});

describe('labelAround', () => {
  it('splits a translated label around its figure, wherever the language puts it', () => {
    expect(labelAround(`Vol ${FIGURE_MARK}`)).toEqual(['Vol ', '']);
    expect(labelAround(`${FIGURE_MARK} 成交量`)).toEqual(['', ' 成交量']);
    expect(labelAround(`Vol. (${FIGURE_MARK})`)).toEqual(['Vol. (', ')']);
  });

  it('a label that lost its figure is kept whole', () => {
    expect(labelAround('Volume')).toEqual(['Volume', '']);
  });
});
