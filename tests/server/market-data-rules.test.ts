import { describe, expect, it } from 'vitest';
import { KLINE_INTERVALS } from '../../contract/api/market.ts';
import { aggregateCandles, applyToCurrent, continuousCandles, type Candle } from '../../server/domain/kline-candles.ts';
import { bucketStart, KLINE_INTERVAL_MS } from '../../server/domain/kline-intervals.ts';
import { changePct } from '../../server/domain/ticker-change.ts';
import { markInput, nextMark } from '../../server/domain/ticker-mark-price.ts';
import { RollingDay } from '../../server/domain/ticker-window.ts';

const at = (iso: string) => Date.parse(iso);
const trade = (timeMs: number, price: bigint, amount: bigint) => ({ timeMs, price, amount });

describe('kline buckets', () => {
  it('align to UTC: minutes, hours, days', () => {
    const t = at('2026-11-18T13:47:31.250Z');
    expect(new Date(bucketStart('1m', t)).toISOString()).toBe('2026-11-18T13:47:00.000Z');
    expect(new Date(bucketStart('5m', t)).toISOString()).toBe('2026-11-18T13:45:00.000Z');
    expect(new Date(bucketStart('15m', t)).toISOString()).toBe('2026-11-18T13:45:00.000Z');
    expect(new Date(bucketStart('30m', t)).toISOString()).toBe('2026-11-18T13:30:00.000Z');
    expect(new Date(bucketStart('1h', t)).toISOString()).toBe('2026-11-18T13:00:00.000Z');
    expect(new Date(bucketStart('4h', t)).toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(new Date(bucketStart('1d', t)).toISOString()).toBe('2026-11-18T00:00:00.000Z');
  });

  it('start weeks on Monday 00:00 UTC, whatever the weekday', () => {
    // 2026-11-16 is a Monday.
    for (const day of ['2026-11-16T00:00:00.000Z', '2026-11-18T23:59:59.999Z', '2026-11-22T23:59:59.999Z']) {
      expect(new Date(bucketStart('1w', at(day))).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    }
    expect(new Date(bucketStart('1w', at('2026-11-23T00:00:00.000Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(bucketStart('1w', at('2026-11-15T23:59:59.999Z'))).toISOString()).toBe('2026-11-09T00:00:00.000Z');
    // Before the first Monday after the epoch too.
    expect(new Date(bucketStart('1w', 0)).toISOString()).toBe('1969-12-29T00:00:00.000Z');
    expect(new Date(bucketStart('1w', at('2026-11-22T12:00:00Z'))).getUTCDay()).toBe(1);
  });

  it('never leave a time outside its own bucket', () => {
    for (const interval of KLINE_INTERVALS) {
      for (const t of [0, 1, 59_999, at('2024-02-29T23:59:59.999Z'), at('2026-01-01T00:00:00Z')]) {
        const start = bucketStart(interval, t);
        expect(start).toBeLessThanOrEqual(t);
        expect(t - start).toBeLessThan(KLINE_INTERVAL_MS[interval]);
      }
    }
  });
});

describe('candles', () => {
  const base = at('2026-11-18T10:00:00Z');

  it('take open from the first trade, close from the last, high/low/volume/turnover over all', () => {
    let current: Candle | null = null;
    const closed: Candle[] = [];
    const trades = [trade(base + 1000, 100n, 2n), trade(base + 2000, 105n, 1n), trade(base + 3000, 98n, 3n), trade(base + 59_999, 101n, 1n), trade(base + 60_000, 102n, 5n)];
    for (const tr of trades) {
      const step = applyToCurrent(current, '1m', tr);
      if (step.closed) closed.push(step.closed);
      current = step.candle;
    }
    expect(closed).toEqual([{ t: base, open: 100n, high: 105n, low: 98n, close: 101n, volume: 7n, turnover: 200n + 105n + 294n + 101n, trades: 4 }]);
    expect(current).toEqual({ t: base + 60_000, open: 102n, high: 102n, low: 102n, close: 102n, volume: 5n, turnover: 510n, trades: 1 });
  });

  it('aggregate finer candles into coarser ones', () => {
    const minutes: Candle[] = [
      { t: base, open: 10n, high: 12n, low: 9n, close: 11n, volume: 1n, turnover: 10n, trades: 1 },
      { t: base + 60_000, open: 11n, high: 15n, low: 11n, close: 14n, volume: 2n, turnover: 28n, trades: 2 },
      { t: base + 5 * 60_000, open: 14n, high: 14n, low: 7n, close: 8n, volume: 3n, turnover: 30n, trades: 1 },
    ];
    expect(aggregateCandles(minutes, '5m')).toEqual([
      { t: base, open: 10n, high: 15n, low: 9n, close: 14n, volume: 3n, turnover: 38n, trades: 3 },
      { t: base + 5 * 60_000, open: 14n, high: 14n, low: 7n, close: 8n, volume: 3n, turnover: 30n, trades: 1 },
    ]);
    expect(aggregateCandles(minutes, '1h')).toEqual([{ t: base, open: 10n, high: 15n, low: 7n, close: 8n, volume: 6n, turnover: 68n, trades: 4 }]);
  });

  it('fill silent buckets with flat candles at the previous close, up to now', () => {
    const candles: Candle[] = [
      { t: base - 10 * 60_000, open: 5n, high: 5n, low: 5n, close: 6n, volume: 1n, turnover: 5n, trades: 1 },
      { t: base + 60_000, open: 7n, high: 8n, low: 7n, close: 8n, volume: 1n, turnover: 7n, trades: 1 },
    ];
    const out = continuousCandles(candles, '1m', base + 3 * 60_000 + 5, 4);
    expect(out.map((c) => [c.t - base, c.open, c.close, c.volume])).toEqual([
      [0, 6n, 6n, 0n],
      [60_000, 7n, 8n, 1n],
      [120_000, 8n, 8n, 0n],
      [180_000, 8n, 8n, 0n],
    ]);
    // Nothing before the first known candle.
    expect(continuousCandles(candles.slice(1), '1m', base + 3 * 60_000, 4).map((c) => c.t - base)).toEqual([60_000, 120_000, 180_000]);
  });
});

describe('rolling 24 h statistics', () => {
  const start = at('2026-11-18T00:00:00Z');
  const MIN = 60_000;

  it('follow trades and forget minutes that leave the window', () => {
    const day = new RollingDay();
    expect(day.stats(start)).toBeNull();
    day.add(trade(start, 100n, 1n));
    day.add(trade(start + 10 * MIN, 150n, 2n));
    day.add(trade(start + 20 * MIN, 90n, 1n));
    day.add(trade(start + 30 * MIN, 120n, 1n));
    expect(day.stats(start + 30 * MIN)).toEqual({ open: 100n, high: 150n, low: 90n, last: 120n, volume: 5n, turnover: 100n + 300n + 90n + 120n, trades: 4 });
    // 24 h after the first trade's minute it leaves: the open is now the price 24 h ago (its close).
    expect(day.stats(start + 1440 * MIN)).toEqual({ open: 100n, high: 150n, low: 90n, last: 120n, volume: 4n, turnover: 510n, trades: 3 });
    // The high's minute leaves: high is found again among the rest.
    expect(day.stats(start + 1450 * MIN)).toMatchObject({ open: 150n, high: 120n, low: 90n, volume: 2n });
    expect(day.stats(start + 1460 * MIN)).toMatchObject({ open: 90n, high: 120n, low: 120n, volume: 1n });
    // Nothing left in the window: flat at the last price, no volume.
    expect(day.stats(start + 1470 * MIN)).toEqual({ open: 120n, high: 120n, low: 120n, last: 120n, volume: 0n, turnover: 0n, trades: 0 });
  });

  it('agree with a brute-force recount over a random stream', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const day = new RollingDay();
    const all: { timeMs: number; price: bigint; amount: bigint }[] = [];
    let now = start;
    for (let i = 0; i < 3000; i += 1) {
      now += rand(3) * MIN + rand(MIN);
      const tr = trade(now, BigInt(1000 + rand(500)), BigInt(1 + rand(9)));
      day.add(tr);
      all.push(tr);
      if (i % 37 === 0) {
        const windowStart = (Math.floor(now / MIN) - 1439) * MIN;
        const inside = all.filter((x) => x.timeMs >= windowStart);
        const before = all.filter((x) => x.timeMs < windowStart).at(-1);
        const stats = day.stats(now);
        expect(stats?.volume).toBe(inside.reduce((s, x) => s + x.amount, 0n));
        expect(stats?.high).toBe(inside.reduce((m, x) => (x.price > m ? x.price : m), 0n));
        expect(stats?.low).toBe(inside.reduce((m, x) => (x.price < m ? x.price : m), 10_000n));
        expect(stats?.open).toBe(before?.price ?? inside[0]?.price);
        expect(stats?.last).toBe(tr.price);
      }
    }
  });

  it('restore from persisted minutes', () => {
    const day = new RollingDay();
    day.restore([
      { t: start, open: 10n, high: 12n, low: 9n, close: 11n, volume: 3n, turnover: 30n, trades: 2 },
      { t: start + MIN, open: 11n, high: 20n, low: 11n, close: 19n, volume: 1n, turnover: 19n, trades: 1 },
    ], 8n);
    expect(day.stats(start + MIN)).toEqual({ open: 8n, high: 20n, low: 9n, last: 19n, volume: 4n, turnover: 49n, trades: 3 });
  });
});

describe('24 h change', () => {
  it('has two decimals, a sign only for falls, and rounds half away from zero', () => {
    expect(changePct(100n, 101n)).toBe('1.00');
    expect(changePct(100n, 99n)).toBe('-1.00');
    expect(changePct(100n, 100n)).toBe('0.00');
    expect(changePct(3n, 4n)).toBe('33.33');
    expect(changePct(3n, 2n)).toBe('-33.33');
    expect(changePct(8n, 9n)).toBe('12.50');
    expect(changePct(200_000n, 200_001n)).toBe('0.00');
    expect(changePct(20_000n, 20_001n)).toBe('0.01'); // 0.005 % rounds up
    expect(changePct(20_000n, 19_999n)).toBe('-0.01');
    expect(changePct(1n, 1000n)).toBe('99900.00');
    expect(changePct(0n, 5n)).toBe('0.00');
  });
});

describe('mark price', () => {
  it('takes the median of last, best bid and best ask', () => {
    expect(markInput(100n, 98n, 102n)).toBe(100n);
    expect(markInput(150n, 98n, 102n)).toBe(102n); // a trade far above the book is clamped to the ask
    expect(markInput(50n, 98n, 102n)).toBe(98n);
    expect(markInput(null, 98n, 102n)).toBe(100n);
    expect(markInput(null, null, null)).toBeNull();
  });

  it('bounds the last trade by the one side of a one-sided book, and gives nothing on an empty one', () => {
    expect(markInput(100n, null, 102n)).toBe(100n);
    expect(markInput(150n, null, 102n)).toBe(102n); // nobody need pay more than the best ask
    expect(markInput(150n, 98n, null)).toBe(150n);
    expect(markInput(50n, 98n, null)).toBe(98n); // nor sell for less than the best bid
    expect(markInput(600_000n, null, null)).toBeNull(); // a crumb two accounts traded on an empty book
    expect(markInput(null, null, 102n)).toBeNull();
  });

  it('moves towards the input with a ~10 s time constant, reaching it and never overshooting', () => {
    let mark = nextMark(null, 1000n, 0);
    expect(mark).toEqual({ price: 1000n, timeMs: 0 });
    mark = nextMark(mark, 2000n, 1000);
    expect(mark.price).toBe(1100n); // a tenth of the way after one second
    mark = nextMark(mark, 2000n, 6000);
    expect(mark.price).toBe(1550n); // half of the rest after five more
    mark = nextMark(mark, 2000n, 60_000);
    expect(mark.price).toBe(2000n); // a long gap jumps all the way, not past it
    for (let t = 61_000; t < 200_000; t += 1000) mark = nextMark(mark, 1995n, t);
    expect(mark.price).toBe(1995n); // small distances still close (the step rounds up)
    expect(nextMark(mark, 0n, 201_000).price).toBeGreaterThanOrEqual(0n);
  });
});
