import { describe, expect, it } from 'vitest';
import { nextSort, sortQuotes } from './quote-sort.ts';

const rows = [
  { symbol: 'ETH/USDT', last: '3000.5', change_pct: '-1.20' },
  { symbol: 'BTC/USDT', last: '60000', change_pct: '2.05' },
  { symbol: 'DOGE/USDT', last: '0.0812', change_pct: '10.00' },
  { symbol: 'XRP/USDT', last: 'bad', change_pct: '0.00' },
  { symbol: 'ADA/USDT', last: '0.45', change_pct: '-12.00' },
];
const names = (list: typeof rows) => list.map((r) => r.symbol.split('/')[0]).join(' ');

describe('sort cycle', () => {
  it('goes ascending, descending, unsorted; another column starts over', () => {
    let s = nextSort(null, 'last');
    expect(s).toEqual({ key: 'last', dir: 'asc' });
    s = nextSort(s, 'last');
    expect(s).toEqual({ key: 'last', dir: 'desc' });
    expect(nextSort(s, 'last')).toBeNull();
    expect(nextSort(s, 'change')).toEqual({ key: 'change', dir: 'asc' });
  });
});

describe('sortQuotes', () => {
  const id = (r: (typeof rows)[number]) => r;
  it('keeps the given order unsorted', () => {
    expect(names(sortQuotes(rows, null, id))).toBe('ETH BTC DOGE XRP ADA');
  });
  it('sorts by name', () => {
    expect(names(sortQuotes(rows, { key: 'symbol', dir: 'asc' }, id))).toBe('ADA BTC DOGE ETH XRP');
    expect(names(sortQuotes(rows, { key: 'symbol', dir: 'desc' }, id))).toBe('XRP ETH DOGE BTC ADA');
  });
  it('sorts prices by value, not as text, malformed last', () => {
    expect(names(sortQuotes(rows, { key: 'last', dir: 'asc' }, id))).toBe('DOGE ADA ETH BTC XRP');
    expect(names(sortQuotes(rows, { key: 'last', dir: 'desc' }, id))).toBe('BTC ETH ADA DOGE XRP');
  });
  it('sorts signed changes', () => {
    expect(names(sortQuotes(rows, { key: 'change', dir: 'desc' }, id))).toBe('DOGE BTC XRP ETH ADA');
    expect(names(sortQuotes(rows, { key: 'change', dir: 'asc' }, id))).toBe('ADA ETH XRP BTC DOGE');
  });
  it('reads live values through the accessor', () => {
    const live: Record<string, string> = { 'ETH/USDT': '1', 'BTC/USDT': '2' };
    const sorted = sortQuotes(rows.slice(0, 2), { key: 'last', dir: 'desc' }, (r) => ({ ...r, last: live[r.symbol]! }));
    expect(names(sorted)).toBe('BTC ETH');
  });
});
