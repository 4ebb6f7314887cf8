import { describe, expect, it } from 'vitest';
import type { QuoteUpdate } from '../stores/quotes.ts';
import { RowTextMaker } from './row-text-maker.ts';

const update = (symbol: string, last: string): QuoteUpdate => ({ symbol, last, change_pct: '2', high_24h: last, low_24h: last, volume_24h: '1', quote_volume_24h: '1234567' });
const format = { id: 'fr|fra', locale: 'fr', volume: ['Vol ', ''] as const };
/** The page shows these pairs. */
const shows = (...symbols: string[]) => (symbol: string) => symbols.includes(symbol);

describe('RowTextMaker', () => {
  it('writes the row figures of the list pairs, at each pair’s tick, in the list’s format', () => {
    const maker = new RowTextMaker();
    maker.set(format, [
      ['BTC/USDT', '0.1'],
      ['DOGE/USDT', '0.00001'],
    ]);
    const updates = [update('BTC/USDT', '61234.5'), update('DOGE/USDT', '0.1234'), update('AAPL/USDT', '190')];
    maker.annotate(updates, shows('BTC/USDT', 'DOGE/USDT', 'AAPL/USDT'));
    expect(updates[0]!.text).toEqual({ id: 'fr|fra', last: '61\u202f234,5', volume: 'Vol 1,23M', change: '+2,00%' });
    expect(updates[1]!.text?.last).toBe('0,12340');
    // Not in the list (another tab): the page formats it if a row ever shows it.
    expect(updates[2]!.text).toBeUndefined();
  });

  it('writes only the pairs on screen: the page writes no row for the others', () => {
    const maker = new RowTextMaker();
    maker.set(format, [
      ['BTC/USDT', '0.1'],
      ['ETH/USDT', '0.01'],
    ]);
    const updates = [update('BTC/USDT', '61234.5'), update('ETH/USDT', '2900')];
    maker.annotate(updates, shows('ETH/USDT'));
    expect(updates[0]!.text).toBeUndefined();
    expect(updates[1]!.text?.last).toBe('2\u202f900,00');
  });

  it('writes nothing once the list has gone', () => {
    const maker = new RowTextMaker();
    maker.set(format, [['BTC/USDT', '0.1']]);
    maker.set(null);
    const updates = [update('BTC/USDT', '61234.5')];
    maker.annotate(updates, shows('BTC/USDT'));
    expect(updates[0]!.text).toBeUndefined();
  });
});
