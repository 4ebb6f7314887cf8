import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TickerUpdate } from '../../../contract/socket-events.ts';
import type { TickerFigures } from './market-data-format.ts';
import { TICKER_BATCH_MS, TickerBatcher } from './ticker-batcher.ts';

const figures = (symbol: string, last: string): TickerFigures =>
  ({ symbol, last, open_24h: last, change_pct: '0.00', high_24h: last, low_24h: last, volume_24h: '0', quote_volume_24h: '0' });

describe('TickerBatcher while the previous batch is still being written', () => {
  let now = 0;
  const prices = new Map<string, string>();
  let published: TickerUpdate[][] = [];
  let writing = false;
  let resumeWriter: (() => void) | null = null;
  let batcher: TickerBatcher;

  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    prices.clear();
    prices.set('BTC/USDT', '1').set('ETH/USDT', '1');
    published = [];
    writing = false;
    resumeWriter = null;
    batcher = new TickerBatcher({
      tickers: (symbols) => symbols.map((s) => figures(s, prices.get(s) ?? '1')),
      allSymbols: () => [...prices.keys()],
      publish: (tickers) => published.push(tickers),
      nowMs: () => now,
      ready: (resume) => {
        if (!writing) return true;
        resumeWriter = resume;
        return false;
      },
    });
    batcher.start();
  });
  afterEach(() => {
    batcher.stop();
    vi.useRealTimers();
  });

  const move = (symbol: string, last: string) => {
    prices.set(symbol, last);
    batcher.changed(symbol);
  };
  const advance = (ms: number) => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };

  it('waits for the writes to end, then sends one batch with every change made meanwhile', () => {
    move('BTC/USDT', '2');
    advance(0);
    expect(published).toHaveLength(1);
    writing = true;
    move('BTC/USDT', '3');
    advance(TICKER_BATCH_MS);
    move('ETH/USDT', '5');
    move('BTC/USDT', '4');
    advance(3 * TICKER_BATCH_MS);
    // Held: nothing more went out while the room was being written.
    expect(published).toHaveLength(1);
    writing = false;
    resumeWriter?.();
    expect(published).toHaveLength(2);
    expect(published[1]).toEqual([
      expect.objectContaining({ symbol: 'BTC/USDT', last: '4' }),
      expect.objectContaining({ symbol: 'ETH/USDT', last: '5' }),
    ]);
    // And the pace is kept from the batch that waited.
    move('ETH/USDT', '6');
    advance(TICKER_BATCH_MS - 1);
    expect(published).toHaveLength(2);
    advance(1);
    expect(published).toHaveLength(3);
  });

  it('sends nothing once stopped, even if the writes end later', () => {
    writing = true;
    move('BTC/USDT', '7');
    advance(TICKER_BATCH_MS);
    batcher.stop();
    resumeWriter?.();
    expect(published).toHaveLength(0);
  });
});
