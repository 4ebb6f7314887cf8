import { describe, expect, it } from 'vitest';
import type { TickerUpdate } from '../../contract/socket-events.ts';
import { BACKGROUND_MS, BACKGROUND_SLICE, BATCH_MIN_MS, QuoteCoalescer, type CoalescerClock, type QuoteBatch } from './quote-coalescer.ts';

const tick = (symbol: string, last: string): TickerUpdate => ({ symbol, last, change_pct: '0.00', high_24h: last, low_24h: last, volume_24h: '1', quote_volume_24h: last });
const summary = (b: QuoteBatch) => `${b.seq}: ${b.updates.map((u) => `${u.symbol.split('/')[0]}=${u.last}`).join(' ')}`;

/** A clock the test moves by hand; `later` callbacks run when their time comes. */
function manualClock() {
  let t = 0;
  let timers: { at: number; cb: () => void }[] = [];
  const clock: CoalescerClock = { now: () => t, later: (cb, ms) => timers.push({ at: t + ms, cb }) };
  return {
    clock,
    advance(ms: number) {
      t += ms;
      const due = timers.filter((x) => x.at <= t);
      timers = timers.filter((x) => x.at > t);
      for (const x of due) x.cb();
    },
  };
}

describe('QuoteCoalescer', () => {
  it('says which pairs the page shows, as last told', () => {
    const c = new QuoteCoalescer(() => {}, false, manualClock().clock);
    c.setInterest(['A/USDT', 'B/USDT']);
    expect([c.shows('A/USDT'), c.shows('C/USDT')]).toEqual([true, false]);
    c.setInterest(['C/USDT']);
    expect([c.shows('A/USDT'), c.shows('C/USDT')]).toEqual([false, true]);
  });

  it('sends watched pairs at once, then at most one batch every BATCH_MIN_MS, the newest quote winning', () => {
    const sent: string[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(summary(b)), false, time.clock);
    c.setInterest(['A/USDT', 'B/USDT']);
    c.push([tick('A/USDT', '1')], 1);
    expect(sent).toEqual(['1: A=1']);
    c.push([tick('A/USDT', '2'), tick('B/USDT', '5')], 2);
    c.push([tick('A/USDT', '3')], 3);
    time.advance(BATCH_MIN_MS - 1);
    expect(sent).toHaveLength(1);
    time.advance(1);
    expect(sent).toEqual(['1: A=1', '3: A=3 B=5']);
    // Nothing new: nothing sent.
    time.advance(BATCH_MIN_MS * 3);
    expect(sent).toHaveLength(2);
  });

  it('marks the first batch after a snapshot as resynced, even when it waits for its turn or for the page', () => {
    const sent: QuoteBatch[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(b), false, time.clock);
    c.setInterest(['A/USDT']);
    c.push([tick('A/USDT', '1')], 1);
    c.clear();
    c.push([tick('A/USDT', '2')], 2);
    // Within BATCH_MIN_MS of the last batch: the snapshot's batch waits, and carries the mark when it goes.
    expect(sent.map((b) => b.resynced)).toEqual([undefined]);
    time.advance(BATCH_MIN_MS);
    c.push([tick('A/USDT', '3')], 3);
    time.advance(BATCH_MIN_MS);
    expect(sent.map((b) => [summary(b), b.resynced])).toEqual([['1: A=1', undefined], ['2: A=2', true], ['3: A=3', undefined]]);
    // A hidden page gets the mark with the batch it is sent when shown again.
    c.setShown(false);
    c.clear();
    c.push([tick('A/USDT', '4')], 4);
    time.advance(BATCH_MIN_MS * 2);
    expect(sent).toHaveLength(3);
    c.setShown(true);
    expect([summary(sent[3]!), sent[3]!.resynced]).toEqual(['4: A=4', true]);
  });

  it('marks the naive per-message mode\'s first message after a snapshot too', () => {
    const sent: QuoteBatch[] = [];
    const c = new QuoteCoalescer((b) => sent.push(b), true, manualClock().clock);
    c.push([tick('A/USDT', '1')], 1);
    c.clear();
    c.push([tick('A/USDT', '2')], 2);
    c.push([tick('A/USDT', '3')], 3);
    expect(sent.map((b) => b.resynced)).toEqual([undefined, true, undefined]);
  });

  it('sends nothing while the page is hidden, then one batch of the newest quotes', () => {
    const sent: QuoteBatch[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(b), false, time.clock);
    c.setInterest(Array.from({ length: 20 }, (_, i) => `P${i}/USDT`));
    c.setShown(false);
    for (let i = 1; i <= 1000; i += 1) {
      c.push([tick(`P${i % 20}/USDT`, String(i))], i);
      if (i % 100 === 0) time.advance(BATCH_MIN_MS);
    }
    expect(sent).toHaveLength(0);
    c.setShown(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.updates).toHaveLength(20);
    expect(sent[0]!.seq).toBe(1000);
    expect(sent[0]!.updates.find((u) => u.symbol === 'P0/USDT')!.last).toBe('1000');
  });

  it('sends pairs nobody watches every few seconds, in slices, one slice per batch', () => {
    const sent: QuoteBatch[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(b), false, time.clock);
    c.setInterest(['W/USDT']);
    // First round: due at once; two slices and a bit of unwatched pairs go out in three batches.
    c.push(Array.from({ length: BACKGROUND_SLICE * 2 + 10 }, (_, i) => tick(`P${i}/USDT`, '1')), 1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.updates).toHaveLength(BACKGROUND_SLICE);
    time.advance(BATCH_MIN_MS);
    time.advance(BATCH_MIN_MS);
    expect(sent.map((b) => b.updates.length)).toEqual([BACKGROUND_SLICE, BACKGROUND_SLICE, 10]);
    // The round is done: unwatched changes wait, a watched one goes with the next batch.
    time.advance(BATCH_MIN_MS);
    c.push([tick('P1/USDT', '2')], 2);
    expect(sent).toHaveLength(3);
    c.push([tick('W/USDT', '9')], 3);
    expect(summary(sent[3]!)).toBe('3: W=9');
    time.advance(BACKGROUND_MS - BATCH_MIN_MS - 1);
    expect(sent).toHaveLength(4);
    time.advance(1);
    expect(summary(sent[4]!)).toBe('3: P1=2');
  });

  it('a round ends with the pairs it started with, though new ones keep arriving', () => {
    const sent: QuoteBatch[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(b), false, time.clock);
    c.setInterest(['W/USDT']);
    c.push(Array.from({ length: BACKGROUND_SLICE * 2 }, (_, i) => tick(`P${i}/USDT`, '1')), 1);
    let seq = 1;
    // Every batch, more unwatched pairs than a slice carries change, some of them new.
    for (let round = 0; round < 4; round += 1) {
      seq += 1;
      c.push(Array.from({ length: BACKGROUND_SLICE * 2 }, (_, i) => tick(`P${i + (round + 1) * 7}/USDT`, String(seq))), seq);
      time.advance(BATCH_MIN_MS);
    }
    // Two slices, then the round is over: the rest waits for the next round.
    expect(sent.map((b) => b.updates.length)).toEqual([BACKGROUND_SLICE, BACKGROUND_SLICE]);
    expect(sent[0]!.updates[0]!.symbol).toBe('P0/USDT');
    time.advance(BACKGROUND_MS);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.updates).toHaveLength(BACKGROUND_SLICE);
  });

  it('a background wake-up far ahead does not hold back the next watched batch', () => {
    const sent: string[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(summary(b)), false, time.clock);
    c.setInterest(['W/USDT']);
    c.push([tick('P/USDT', '1')], 1);
    time.advance(BATCH_MIN_MS);
    c.push([tick('P/USDT', '2')], 2);
    c.push([tick('W/USDT', '3')], 3);
    c.push([tick('W/USDT', '4')], 4);
    time.advance(BATCH_MIN_MS);
    expect(sent).toEqual(['1: P=1', '3: W=3', '4: W=4']);
  });

  it('a pair coming on screen takes its pending quote along in the next batch', () => {
    const sent: string[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(summary(b)), false, time.clock);
    c.push([tick('A/USDT', '1')], 1);
    expect(sent).toEqual(['1: A=1']);
    c.push([tick('B/USDT', '2')], 2);
    time.advance(BATCH_MIN_MS);
    expect(sent).toHaveLength(1);
    c.setInterest(['B/USDT']);
    expect(sent).toEqual(['1: A=1', '2: B=2']);
  });

  it('clear drops what a snapshot replaces', () => {
    const sent: string[] = [];
    const time = manualClock();
    const c = new QuoteCoalescer((b) => sent.push(summary(b)), false, time.clock);
    c.setInterest(['A/USDT', 'B/USDT', 'C/USDT']);
    c.push([tick('A/USDT', '1')], 1);
    c.push([tick('B/USDT', '2')], 2);
    c.clear();
    c.push([tick('C/USDT', '3')], 3);
    time.advance(BATCH_MIN_MS);
    expect(sent).toEqual(['1: A=1', '3: C=3']);
  });

  it('per message sends everything as it comes (the naive baseline)', () => {
    const sent: string[] = [];
    const c = new QuoteCoalescer((b) => sent.push(summary(b)), true);
    c.push([tick('A/USDT', '1')], 1);
    c.push([tick('A/USDT', '2')], 2);
    expect(sent).toEqual(['1: A=1', '2: A=2']);
  });
});
