import { describe, expect, it } from 'vitest';
import type { TickerUpdate } from '../../contract/socket-events.ts';
import { $quotesSeq, applyQuote, applyQuoteBatch, quoteOf, quoteStore } from '../stores/quotes.ts';
import { frameHadWork, frameTaken, markFrameWork } from '../lib/frame-work.ts';
import { QuoteBatcher } from './quote-batcher.ts';

const tick = (symbol: string, last: string): TickerUpdate => ({ symbol, last, change_pct: '0.00', high_24h: last, low_24h: last, volume_24h: '1', quote_volume_24h: last });

/** A hand-cranked animation frame; `run(start)` passes the frame's start time like requestAnimationFrame. */
function frames() {
  let queued: ((frameStart?: number) => void)[] = [];
  return {
    schedule: (cb: (frameStart?: number) => void) => queued.push(cb),
    run(frameStart?: number) {
      const now = queued;
      queued = [];
      for (const cb of now) cb(frameStart);
    },
    get waiting() {
      return queued.length;
    },
  };
}

/** How many times a pair's store told its listeners (what a row would render). */
function countWrites(symbol: string) {
  let n = 0;
  const stop = quoteStore(symbol).listen(() => (n += 1));
  return { get n() {
    return n;
  }, stop };
}

const sink = { batch: applyQuoteBatch, one: applyQuote };

describe('QuoteBatcher', () => {
  it('coalesces a burst into one write per pair per frame, the newest quote winning', () => {
    const frame = frames();
    const batcher = new QuoteBatcher(sink, frame.schedule);
    const btc = countWrites('A1/USDT');
    const other = countWrites('B7/USDT');
    for (let i = 1; i <= 500; i += 1) batcher.push([tick('A1/USDT', `${60000 + i}`), tick(`B${i % 50}/USDT`, `${i}`)], i);
    expect(frame.waiting).toBe(1);
    expect(btc.n).toBe(0);
    frame.run();
    expect(btc.n).toBe(1);
    expect(other.n).toBe(1);
    expect(quoteOf('A1/USDT')?.last).toBe('60500');
    expect(quoteOf('B7/USDT')?.last).toBe('457');
    expect($quotesSeq.get()).toBe(500);
    frame.run();
    expect(btc.n).toBe(1);
    btc.stop();
    other.stop();
  });

  it('tells only the rows whose pair changed', () => {
    const frame = frames();
    const batcher = new QuoteBatcher(sink, frame.schedule);
    batcher.push([tick('C1/USDT', '1'), tick('C2/USDT', '2')], 1);
    frame.run();
    const c1 = countWrites('C1/USDT');
    const c2 = countWrites('C2/USDT');
    batcher.push([tick('C2/USDT', '3')], 2);
    frame.run();
    expect([c1.n, c2.n]).toEqual([0, 1]);
    c1.stop();
    c2.stop();
  });

  it('in per-message mode writes every update at once (the naive baseline)', () => {
    const frame = frames();
    const batcher = new QuoteBatcher(sink, frame.schedule, true);
    const d1 = countWrites('D1/USDT');
    batcher.push([tick('D1/USDT', '1'), tick('D2/USDT', '2')], 1);
    batcher.push([tick('D1/USDT', '3')], 2);
    expect(d1.n).toBe(2);
    expect(frame.waiting).toBe(0);
    expect(quoteOf('D1/USDT')?.last).toBe('3');
    d1.stop();
  });

  it('clear drops what a snapshot supersedes', () => {
    const frame = frames();
    const batcher = new QuoteBatcher(sink, frame.schedule);
    batcher.push([tick('E1/USDT', '1')], 1);
    batcher.clear();
    batcher.push([tick('E2/USDT', '2')], 5);
    frame.run();
    expect(quoteOf('E1/USDT')).toBeUndefined();
    expect(quoteOf('E2/USDT')?.last).toBe('2');
  });

  it('a frame that already did a burst of work leaves its quotes to the next frame, once', () => {
    const frame = frames();
    const batcher = new QuoteBatcher(sink, frame.schedule);
    batcher.push([tick('FW1/USDT', '1')], 1);
    // Quotes wait for the coming frame: it is taken for work that could wait.
    expect(frameTaken(performance.now() + 1_000)).toBe(true);
    // The list wrote new rows in this frame (started at 1000) before the batch's turn.
    markFrameWork(1005);
    frame.run(1000);
    expect(quoteOf('FW1/USDT')).toBeUndefined();
    expect(frame.waiting).toBe(1);
    // The next frame was busy too: the quotes are not put off again.
    markFrameWork(1021);
    frame.run(1016);
    expect(quoteOf('FW1/USDT')?.last).toBe('1');
    // A quiet frame writes at once, and notes the frame as busy for other work that can wait.
    batcher.push([tick('FW1/USDT', '2')], 2);
    const start = performance.now();
    frame.run(start);
    expect(quoteOf('FW1/USDT')?.last).toBe('2');
    expect(frameHadWork(start)).toBe(true);
    // Nothing waits for the next frame any more.
    expect(frameTaken(performance.now() + 1_000)).toBe(false);
  });
});
