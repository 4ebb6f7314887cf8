import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quotation } from '../../../contract/api/market.ts';
import { applyQuoteBatch, quoteStore, type LiveQuote } from '../../stores/quotes.ts';
import { DEFERRED_BINDS_PER_FRAME, LONG_PRICE_CHARS, QuoteRowPool, type RowsInView, type RowTexts } from './quote-row-pool.ts';

const pair = (base: string, last: string, change_pct = '0.00'): Quotation =>
  ({ symbol: `${base}/USDT`, base, quote: 'USDT', tick_size: '0.01', last, change_pct, quote_volume_24h: '1000' }) as Quotation;
const rows = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG', 'HHH', 'III', 'JJJ'].map((base, i) => pair(`${base}${Date.now() % 1000}`, `${i + 1}.00`));

const texts = (locale = 'en'): RowTexts => ({
  format: { id: locale, locale, volume: ['Vol ', ''] },
  starLabel: (base, on) => `${on ? 'Remove' : 'Add'} ${base}`,
});
/** The window over rows [from, to), 60 px apart. */
const view = (from: number, to: number, extra: Partial<RowsInView> = {}): RowsInView => ({
  rows: rows.slice(from, to).map((row, i) => ({ row, index: from + i, top: (from + i) * 60 })),
  editing: false,
  favourites: null,
  texts: texts(),
  onToggleFavourite: () => {},
  scrolling: false,
  ...extra,
});
const tick = (symbol: string, last: string, change_pct = '1.00') =>
  applyQuoteBatch([{ symbol, last, change_pct, high_24h: last, low_24h: last, volume_24h: '1', quote_volume_24h: '2000' } satisfies LiveQuote & { symbol: string }]);

let body: HTMLElement;
let pool: QuoteRowPool;
beforeEach(() => {
  body = document.createElement('div');
  document.body.append(body);
  pool = new QuoteRowPool(body);
});
afterEach(() => {
  pool.clear();
  body.remove();
  vi.unstubAllGlobals();
});

const shown = () => [...body.querySelectorAll<HTMLElement>('.quote-row')].map((r) => r.dataset['symbol']);
const rowOf = (symbol: string) => body.querySelector<HTMLElement>(`[data-symbol="${symbol}"]`)!;
const listeners = (symbol: string) => (quoteStore(symbol) as unknown as { lc: number }).lc;

describe('QuoteRowPool', () => {
  it('writes the rows of the window in order, with their link, texts, row index and place', () => {
    pool.show(view(0, 3));
    expect(shown()).toEqual(rows.slice(0, 3).map((r) => r.symbol));
    const row = rowOf(rows[1]!.symbol);
    expect(row.getAttribute('role')).toBe('row');
    expect(row.getAttribute('aria-rowindex')).toBe('3');
    expect(row.querySelector('a')!.getAttribute('href')).toBe(`#/pages/transaction/currency?symbol=${rows[1]!.symbol}`);
    expect(row.querySelector('.quote-row__pair')!.textContent).toBe(`${rows[1]!.base}/USDTVol 1,000.00`);
    expect(row.querySelector('[data-field="last"]')!.textContent).toBe('2.00');
    expect(row.querySelector('.quote-row__change span')!.className).toBe('change-badge trend-flat num quote-fig');
    expect((row.parentElement as HTMLElement).style.transform).toBe('translateY(60px)');
    expect((row.parentElement as HTMLElement).style.height).toBe('60px');
  });

  it('writes the figures the socket worker made for its format as they are, and formats those made for another', () => {
    pool.show(view(8, 10));
    const symbol = rows[8]!.symbol;
    const made = (id: string) => ({ id, last: 'worker 7', volume: 'worker vol', change: 'worker %' });
    applyQuoteBatch([{ symbol, last: '7.00', change_pct: '1.00', high_24h: '7', low_24h: '7', volume_24h: '1', quote_volume_24h: '3000', text: made('en') }]);
    const row = rowOf(symbol);
    expect(row.querySelector('[data-field="last"]')!.textContent).toBe('worker 7');
    expect(row.querySelector('.quote-row__vol')!.textContent).toBe('worker vol');
    expect(row.querySelector('.quote-row__change span')!.textContent).toBe('worker %');
    applyQuoteBatch([{ symbol, last: '8.00', change_pct: '2.00', high_24h: '8', low_24h: '8', volume_24h: '1', quote_volume_24h: '4000', text: made('fr') }]);
    expect(row.querySelector('[data-field="last"]')!.textContent).toBe('8.00');
    expect(row.querySelector('.quote-row__vol')!.textContent).toBe('Vol 4.00K');
    expect(row.querySelector('.quote-row__change span')!.textContent).toBe('+2.00%');
  });

  it('writes a tick of a shown pair into its row, and nothing else', () => {
    pool.show(view(0, 3));
    tick(rows[2]!.symbol, '9.50', '-2.10');
    const row = rowOf(rows[2]!.symbol);
    expect(row.querySelector('[data-field="last"]')!.textContent).toBe('9.50');
    expect(row.querySelector('.quote-row__change span')!.textContent).toBe('-2.10%');
    expect(row.querySelector('.quote-row__change span')!.className).toBe('change-badge trend-down num quote-fig');
    expect(row.querySelector('.quote-row__vol')!.textContent).toBe('Vol 2.00K');
    expect(rowOf(rows[0]!.symbol).querySelector('[data-field="last"]')!.textContent).toBe('1.00');
  });

  it('only the rows on screen follow ticks; an overscan row catches up when it comes on screen', () => {
    // Rows 0-4 in the window, 1-3 on screen: 0 and 4 are the overscan.
    pool.show(view(0, 5, { visible: { start: 1, end: 3 } }));
    expect([0, 1, 2, 3, 4].map((i) => listeners(rows[i]!.symbol))).toEqual([0, 1, 1, 1, 0]);
    tick(rows[4]!.symbol, '4.44');
    const last = (i: number) => rowOf(rows[i]!.symbol).querySelector('[data-field="last"]')!.textContent;
    expect(last(4)).toBe('5.00');
    // The window moves one row down: row 4 comes on screen with its newest quote, row 1 leaves it.
    pool.show(view(0, 5, { visible: { start: 2, end: 4 } }));
    expect(last(4)).toBe('4.44');
    expect([0, 1, 2, 3, 4].map((i) => listeners(rows[i]!.symbol))).toEqual([0, 0, 1, 1, 1]);
    tick(rows[4]!.symbol, '4.45');
    tick(rows[1]!.symbol, '1.11');
    expect(last(4)).toBe('4.45');
    expect(last(1)).toBe('2.00');
  });

  it('sets a price of many digits in the smaller size, and back', () => {
    pool.show(view(0, 1));
    const cell = rowOf(rows[0]!.symbol).querySelector('[data-field="last"]')!;
    expect(cell.classList.contains('quote-row__last--long')).toBe(false);
    tick(rows[0]!.symbol, '1'.repeat(LONG_PRICE_CHARS - 3));
    expect(cell.textContent!.length).toBeGreaterThanOrEqual(LONG_PRICE_CHARS);
    expect(cell.classList.contains('quote-row__last--long')).toBe(true);
    tick(rows[0]!.symbol, '1.5');
    expect(cell.classList.contains('quote-row__last--long')).toBe(false);
  });

  it('hands the slot of a row that leaves to the row that enters, and its listener to the new pair', () => {
    pool.show(view(0, 3));
    const slots = [...body.children];
    expect(listeners(rows[0]!.symbol)).toBe(1);
    pool.show(view(1, 4));
    expect(shown()).toEqual(rows.slice(1, 4).map((r) => r.symbol));
    // The same three elements, the first moved to the end (DOM order is the visual order).
    expect([...body.children]).toEqual([slots[1], slots[2], slots[0]]);
    expect(listeners(rows[0]!.symbol)).toBe(0);
    expect(listeners(rows[3]!.symbol)).toBe(1);
    // The pair that left no longer writes into the slot it had.
    tick(rows[0]!.symbol, '7.77');
    expect(body.textContent).not.toContain('7.77');
    const entered = rowOf(rows[3]!.symbol);
    expect(entered.getAttribute('aria-rowindex')).toBe('5');
    expect((entered.parentElement as HTMLElement).style.transform).toBe('translateY(180px)');
  });

  it('while the list scrolls a row that comes in stays where its slot was; at rest the DOM is in order', () => {
    pool.show(view(0, 3));
    const slots = [...body.children];
    pool.show(view(1, 4, { scrolling: true }));
    expect([...body.children]).toEqual(slots);
    expect(shown()).toEqual([rows[3], rows[1], rows[2]].map((r) => r!.symbol));
    pool.show(view(1, 4));
    expect(shown()).toEqual(rows.slice(1, 4).map((r) => r.symbol));
  });

  it('while scrolling, rows out of sight that changed pair are written a few a frame, never in the scroll\'s own frame', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const runFrame = (start: number) => frames.splice(0).forEach((cb) => cb(start));
    pool.show(view(0, 5));
    const before = performance.now();
    // The window moves down three rows: rows 3-4 stay on screen (visible 3..4), rows 5-7 come into
    // the overscan, out of sight; their slots are the ones rows 0-2 had.
    pool.show(view(3, 8, { scrolling: true, visible: { start: 3, end: 4 } }));
    const outOfSight = rows.slice(5, 8);
    expect(outOfSight).toHaveLength(3);
    expect(outOfSight.every((r) => !body.querySelector(`[data-symbol="${r!.symbol}"]`))).toBe(true);
    // The frame of the scroll itself: nothing more is written in it.
    runFrame(before - 1);
    expect(outOfSight.filter((r) => body.querySelector(`[data-symbol="${r!.symbol}"]`))).toHaveLength(0);
    // The next frames write at most DEFERRED_BINDS_PER_FRAME each.
    runFrame(performance.now() + 1);
    expect(outOfSight.filter((r) => body.querySelector(`[data-symbol="${r!.symbol}"]`))).toHaveLength(DEFERRED_BINDS_PER_FRAME);
    for (let i = 0; i < 5; i += 1) runFrame(performance.now() + 1);
    expect(shown().sort()).toEqual(rows.slice(3, 8).map((r) => r!.symbol).sort());
  });

  it('a row that comes on screen while scrolling is written at once, and everything is at rest', () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    pool.show(view(0, 3));
    pool.show(view(1, 4, { scrolling: true, visible: { start: 1, end: 3 } }));
    expect(rowOf(rows[3]!.symbol)).not.toBeNull();
    pool.show(view(2, 5, { scrolling: true, visible: { start: 2, end: 3 } }));
    expect(body.querySelector(`[data-symbol="${rows[4]!.symbol}"]`)).toBeNull();
    pool.show(view(2, 5));
    expect(shown()).toEqual(rows.slice(2, 5).map((r) => r.symbol));
  });

  it('see(): the same rows, another part of them on screen: a row that comes on screen is written and follows its pair, one that leaves stops', () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    pool.show(view(0, 4, { visible: { start: 0, end: 1 } }));
    // The window moves to rows 2-7, rows 2-3 on screen: rows 4-7 come in out of sight and wait.
    pool.show(view(2, 8, { scrolling: true, visible: { start: 2, end: 3 } }));
    expect(body.querySelector(`[data-symbol="${rows[5]!.symbol}"]`)).toBeNull();
    tick(rows[5]!.symbol, '5.55');
    // A scroll step brings rows 4-5 on screen and takes row 2 off it, with no new window.
    pool.see({ start: 3, end: 5 });
    const last = (i: number) => rowOf(rows[i]!.symbol).querySelector('[data-field="last"]')!.textContent;
    expect(last(5)).toBe('5.55');
    expect([2, 3, 4, 5, 6].map((i) => listeners(rows[i]!.symbol))).toEqual([0, 1, 1, 1, 0]);
    tick(rows[4]!.symbol, '4.44');
    tick(rows[2]!.symbol, '2.22');
    expect(last(4)).toBe('4.44');
    expect(last(2)).not.toBe('2.22');
    // Rows 6-7 are still out of sight and still wait for their frames.
    expect(body.querySelector(`[data-symbol="${rows[7]!.symbol}"]`)).toBeNull();
  });

  it('a pair that comes back shows its latest quote at once', () => {
    pool.show(view(0, 2));
    pool.show(view(2, 4));
    tick(rows[0]!.symbol, '3.33');
    pool.show(view(0, 2));
    expect(rowOf(rows[0]!.symbol).querySelector('[data-field="last"]')!.textContent).toBe('3.33');
  });

  it('while editing, a star instead of the change, pressed for a favourite, and back', () => {
    const favourites = new Set([rows[0]!.symbol]);
    const toggled: string[] = [];
    pool.show(view(0, 2, { editing: true, favourites, onToggleFavourite: (symbol) => toggled.push(symbol) }));
    const star = rowOf(rows[0]!.symbol).querySelector<HTMLButtonElement>('.quote-row__change button')!;
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(star.getAttribute('aria-label')).toBe(`Remove ${rows[0]!.base}`);
    expect(star.querySelector('svg path')).not.toBeNull();
    expect(rowOf(rows[1]!.symbol).querySelector('.quote-row__change button')!.getAttribute('aria-pressed')).toBe('false');
    star.click();
    expect(toggled).toEqual([rows[0]!.symbol]);
    pool.show(view(0, 2));
    expect(body.querySelector('button')).toBeNull();
    expect(rowOf(rows[0]!.symbol).querySelector('.quote-row__change span')!.textContent).toMatch(/%$/);
  });

  it('writes every row again in a new locale', () => {
    pool.show(view(0, 2));
    pool.show(view(0, 2, { texts: texts('fr') }));
    expect(rowOf(rows[0]!.symbol).querySelector('[data-field="last"]')!.textContent).toMatch(/^\d+,\d\d$/);
    tick(rows[1]!.symbol, '4.40');
    expect(rowOf(rows[1]!.symbol).querySelector('[data-field="last"]')!.textContent).toBe('4,40');
  });

  it('clear() empties the body and stops listening', () => {
    pool.show(view(0, 3));
    pool.clear();
    expect(body.children).toHaveLength(0);
    for (const row of rows.slice(0, 3)) expect(listeners(row.symbol)).toBe(0);
  });
});
