import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthLevel, DepthSnapshot, PublicTrade } from '../../contract/api/market.ts';
import { DEPTH_LEVELS } from '../../contract/api/market.ts';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { cancel, limit, trade } from './helpers/spot.ts';
import { pause, StreamSockets } from './helpers/stream-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/**
 * The public streams over real socket.io, fed by orders placed over HTTP: per-stream sequence
 * numbers shared by every socket, snapshots current to their seq, depth deltas that rebuild the
 * book exactly, coalesced tickers, candles and mark prices.
 */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
const sockets = new StreamSockets();

beforeAll(async () => {
  t = await startTestServer();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '1000000');
  await fund(t, bob.uid, 'BTC', '50');
});
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const socket = () => sockets.connect(t);

const sell = (price: string, amount: string) => trade(t, bob, { symbol: 'BTC/USDT', type: 'sell', target_price: price, amount });

/** What a client does with a delta: set or remove levels, keep the best DEPTH_LEVELS, best first. */
function applyLevels(side: readonly DepthLevel[], delta: readonly DepthLevel[], descending: boolean): DepthLevel[] {
  const levels = new Map(side.map(([p, a]) => [p, a]));
  for (const [price, amount] of delta) {
    if (amount === '0') levels.delete(price);
    else levels.set(price, amount);
  }
  const cents = (p: string) => BigInt(p.replace('.', '').padEnd(p.includes('.') ? p.indexOf('.') + 3 : p.length + 2, '0'));
  return [...levels.entries()]
    .sort(([a], [b]) => { const d = cents(a) - cents(b); return (descending ? -d : d) > 0n ? 1 : -1; })
    .slice(0, DEPTH_LEVELS);
}

describe('trades stream', () => {
  it('numbers messages 1, 2, 3 per stream, the same on every socket, after a snapshot current to its seq', async () => {
    const [s1, s2] = [await socket(), await socket()];
    for (const s of [s1, s2]) expect(await s.call('subscribe', { stream: 'trades', symbol: 'BTC/USDT' })).toEqual({ ok: true });
    const snapshot = await s1.call<{ stream: string; seq: number; trades: unknown[] }>('snapshot', { stream: 'trades', symbol: 'BTC/USDT' });
    expect(snapshot).toMatchObject({ stream: 'trades', symbol: 'BTC/USDT', seq: 0, trades: [] });

    await limit(t, alice, 'buy', '60000', '0.01');
    for (const amount of ['0.001', '0.002', '0.003']) await sell('59000', amount);
    const messages = await s1.waitFor('trades', () => true, 3);
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(messages.map((m) => (m.trades as { amount: string; price: string; side: string }[]).map((x) => [x.price, x.amount, x.side]))).toEqual([
      [['60000', '0.001', 'sell']], [['60000', '0.002', 'sell']], [['60000', '0.003', 'sell']],
    ]);
    expect((await s2.waitFor('trades', () => true, 3)).map((m) => m.seq)).toEqual([1, 2, 3]);

    // A socket arriving later starts from a snapshot that already holds them, current to seq 3.
    const s3 = await socket();
    await s3.call('subscribe', { stream: 'trades', symbol: 'BTC/USDT' });
    const later = await s3.call<{ seq: number; trades: { amount: string }[] }>('snapshot', { stream: 'trades', symbol: 'BTC/USDT' });
    expect(later.seq).toBe(3);
    expect(later.trades.map((x) => x.amount)).toEqual(['0.003', '0.002', '0.001']);
    await sell('59000', '0.001');
    expect((await s3.waitFor('trades')).map((m) => m.seq)).toEqual([4]);
  });
});

describe('depth stream', () => {
  it('deltas applied to a snapshot give exactly the next snapshot, levels entering the top 50 included', async () => {
    const s = await socket();
    await s.call('subscribe', { stream: 'depth', symbol: 'ETH/USDT' });
    const first = await s.call<DepthSnapshot & { stream: string }>('snapshot', { stream: 'depth', symbol: 'ETH/USDT' });
    expect(first).toMatchObject({ stream: 'depth', symbol: 'ETH/USDT', bids: [], asks: [] });

    // 52 bid levels (more than the 50 shown), then the best two go: levels 51 and 52 come into view.
    const placed = [];
    for (let i = 0; i < 52; i += 1) placed.push(await limit(t, alice, 'buy', String(2000 + i), '0.01', 'ETH/USDT'));
    await fund(t, bob.uid, 'ETH', '5');
    await limit(t, bob, 'sell', '2100', '0.5', 'ETH/USDT');
    await limit(t, bob, 'sell', '2101.5', '0.25', 'ETH/USDT');
    await pause(150);
    await cancel(t, alice, placed[51]!.id);
    // Takes all of 2050 and half of 2049.
    await trade(t, bob, { symbol: 'ETH/USDT', type: 'sell', target_price: '2049', amount: '0.015' });
    await pause(400);

    const next = await s.call<DepthSnapshot>('snapshot', { stream: 'depth', symbol: 'ETH/USDT' });
    expect(next.bids).toHaveLength(50);
    expect(next.bids[0]).toEqual(['2049', '0.005']);
    expect(next.bids.at(-1)).toEqual(['2000', '0.01']);
    const deltas = s.of('depth', (m) => m.symbol === 'ETH/USDT' && m.seq > first.seq && m.seq <= next.seq);
    expect(deltas.map((d) => d.seq)).toEqual(Array.from({ length: next.seq - first.seq }, (_, i) => first.seq + 1 + i));
    expect(deltas.length).toBeGreaterThan(0);
    let bids = first.bids;
    let asks = first.asks;
    for (const d of deltas) {
      bids = applyLevels(bids, d.bids as DepthLevel[], true);
      asks = applyLevels(asks, d.asks as DepthLevel[], false);
    }
    expect({ bids, asks }).toEqual({ bids: next.bids, asks: next.asks });
    expect(asks).toEqual([['2100', '0.5'], ['2101.5', '0.25']]);
  });
});

describe('tickers stream', () => {
  it('coalesces: at most one batch per 250 ms, only changed symbols, seq without gaps', async () => {
    const s = await socket();
    await s.call('subscribe', { stream: 'tickers' });
    const snapshot = await s.call<{ seq: number; tickers: { symbol: string }[] }>('snapshot', { stream: 'tickers' });
    expect(snapshot.tickers.length).toBeGreaterThanOrEqual(30);
    // When the server sends (the client shares this process's event loop, so arrival times jitter).
    const sentMs: number[] = [];
    const io = t.server.io;
    const to = io.to.bind(io);
    io.to = ((room: string) => {
      if (room === 'tickers') sentMs.push(performance.now());
      return to(room);
    }) as typeof io.to;
    const startedMs = performance.now();
    await limit(t, alice, 'buy', '61000', '0.5');
    let count = 0;
    while (performance.now() - startedMs < 1500) {
      await sell('60500', '0.001');
      count += 1;
    }
    const elapsedMs = performance.now() - startedMs;
    await pause(600);
    const batches = s.received.filter((r) => r.event === 'tickers');
    expect(count).toBeGreaterThan(20);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    io.to = to;
    // Never two within 250 ms of each other (less a little for the work between timer and send), and no more than time allows.
    expect(sentMs).toHaveLength(batches.length);
    for (let i = 1; i < sentMs.length; i += 1) expect(sentMs[i]! - sentMs[i - 1]!).toBeGreaterThan(245);
    expect(batches.length).toBeLessThanOrEqual(Math.ceil((elapsedMs + 600) / 250) + 1);
    expect(batches.map((b) => b.payload.seq)).toEqual(batches.map((_, i) => snapshot.seq + 1 + i));
    for (const b of batches) expect((b.payload.tickers as { symbol: string }[]).map((x) => x.symbol)).toEqual(['BTC/USDT']);
    const last = (batches.at(-1)!.payload.tickers as { last: string }[])[0];
    expect(last?.last).toBe('61000');
  });
});

describe('kline and mark streams', () => {
  it('sends the current candle after each change, and the mark price once it moves', async () => {
    const s = await socket();
    await s.call('subscribe', { stream: 'kline', symbol: 'BTC/USDT', interval: '1m' });
    await s.call('subscribe', { stream: 'mark', symbol: 'BTC/USDT' });
    const candles = await s.call<{ seq: number; klines: { t: number; c: string }[] }>('snapshot', { stream: 'kline', symbol: 'BTC/USDT', interval: '1m' });
    expect(candles.klines.at(-1)?.c).toBe('61000');
    const mark = await s.call<{ seq: number; price: string }>('snapshot', { stream: 'mark', symbol: 'BTC/USDT' });
    expect(mark.price).not.toBe('');

    await limit(t, alice, 'buy', '61234.5', '0.001');
    await sell('61000', '0.001');
    // Earlier tests may have left orders on the book, so the price these two trade at is read back,
    // not assumed. A batch of earlier changes may still be on its way (one round per 250 ms): wait for
    // the candle that carries the new last price, then check every message since the snapshot came
    // in order, without a gap.
    const [lastTrade] = await t.ok<PublicTrade[]>('/api/market/trades', { method: 'GET', data: { symbol: 'BTC/USDT', limit: 1 } });
    const lastPrice = lastTrade?.price ?? '';
    const [message] = await s.waitFor('kline', (p) => (p as { kline?: { c?: string } }).kline?.c === lastPrice);
    expect(message).toMatchObject({ symbol: 'BTC/USDT', interval: '1m', kline: { c: lastPrice, t: Math.floor(t.clock.now().getTime() / 60_000) * 60_000 } });
    const seqs = s.of('kline').map((p) => (p as { seq: number }).seq);
    expect(seqs).toEqual(seqs.map((_, i) => candles.seq + 1 + i));

    // The mark follows the last price (inside the spread) over ~10 s of clock time.
    t.clock.advance(60_000);
    marketOf(t.server.modules).markPrices.tick();
    const [moved] = await s.waitFor('mark');
    expect(moved).toMatchObject({ symbol: 'BTC/USDT', seq: mark.seq + 1, price: marketOf(t.server.modules).markPrices.get('BTC/USDT')?.price });
    // It moved off the snapshot's mark toward the new prices (its formula's own tests are in market-data-rules).
    expect(marketOf(t.server.modules).markPrices.get('BTC/USDT')?.price).not.toBe(mark.price);
  });
});
