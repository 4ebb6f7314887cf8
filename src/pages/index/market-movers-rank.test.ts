import { describe, expect, it } from 'vitest';
import type { Quotation } from '../../../contract/api/market.ts';
import type { LiveQuote } from '../../stores/quotes.ts';
import { breadth, topMovers } from './market-movers-rank.ts';

const pair = (base: string, change_pct: string, quote_volume_24h: string): Quotation => ({
  symbol: `${base}/USDT`,
  base,
  quote: 'USDT',
  currency_id: 1,
  legal_id: 2,
  category: 'coin',
  tick_size: '0.01',
  lot_size: '0.001',
  min_notional: '5',
  maker_fee: '0.001',
  taker_fee: '0.001',
  image: '',
  last: '1',
  change_pct,
  open_24h: '1',
  high_24h: '1',
  low_24h: '1',
  volume_24h: '1',
  quote_volume_24h,
});

const list = [pair('A', '-3.86', '900'), pair('B', '2.50', '10'), pair('C', '0.00', '5000'), pair('D', '10.10', '70.5'), pair('E', '-0.40', '70.49')];
const none = () => undefined;
const names = (rows: Quotation[]) => rows.map((q) => q.base).join('');

describe('topMovers', () => {
  it('gainers: highest change first', () => {
    expect(names(topMovers(list, none, 'gainers', 3))).toBe('DBC');
  });
  it('losers: lowest change first', () => {
    expect(names(topMovers(list, none, 'losers', 3))).toBe('AEC');
  });
  it('volume: largest quote volume first, by value not text', () => {
    expect(names(topMovers(list, none, 'volume'))).toBe('CADEB');
  });
  it('live quotes override the list figures', () => {
    const live: Record<string, Partial<LiveQuote>> = { 'A/USDT': { change_pct: '50.00', quote_volume_24h: '1' } };
    const lookup = (s: string) => (live[s] ? ({ ...list[0]!, ...live[s] } as LiveQuote) : undefined);
    expect(names(topMovers(list, lookup, 'gainers', 1))).toBe('A');
  });
});

describe('breadth', () => {
  it('counts rising, falling and flat pairs', () => {
    expect(breadth(list, none)).toEqual({ up: 2, down: 2, flat: 1 });
  });
});
