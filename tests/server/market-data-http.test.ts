import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kline, QuotationList } from '../../contract/api/market.ts';
import { KlineStore } from '../../server/services/market-data/kline-store.ts';
import { symbolInfo } from '../../server/services/market-data/market-data-module.ts';
import { MarketDataService, TRADE_WATERMARK } from '../../server/services/market-data/market-data-service.ts';
import { currencyId, fund, makeUser, type TestUser } from './helpers/money.ts';
import { limit, trade } from './helpers/spot.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/** Candles (GET /currency/new_timeshar) and the 24 h figures of /currency/quotation_new, from real trades. */
let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let startMs: number;

beforeAll(async () => {
  t = await startTestServer();
  // Five minutes into an hour, so the trades below fall in known buckets.
  const now = t.clock.now().getTime();
  t.clock.advance(3_600_000 - (now % 3_600_000) + 5 * 60_000);
  startMs = t.clock.now().getTime();
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '100000');
  await fund(t, bob.uid, 'BTC', '10');
  // Minute 0: 60000 then 61000; minute 2: 59000. Volumes 0.01 + 0.02 + 0.03 BTC.
  await limit(t, alice, 'buy', '60000', '0.01');
  await limit(t, bob, 'sell', '60000', '0.01');
  await limit(t, alice, 'buy', '61000', '0.02');
  await limit(t, bob, 'sell', '61000', '0.02');
  t.clock.advance(2 * 60_000 + 30_000);
  await limit(t, alice, 'buy', '59000', '0.03');
  await limit(t, bob, 'sell', '59000', '0.03');
});
afterAll(async () => {
  await t?.close();
});

const klines = (data: Record<string, string | number>, lang?: string) => t.api<Kline[]>('/api/currency/new_timeshar', { method: 'GET', data, ...(lang ? { lang } : {}) });

describe('GET /currency/new_timeshar', () => {
  it('answers 1m candles oldest first, silent minutes filled flat, up to now', async () => {
    const { body } = await klines({ symbol: 'BTC/USDT', period: '1m', limit: 5 });
    expect(body.type).toBe('ok');
    const list = body.type === 'ok' ? body.message : [];
    expect(list.map((k) => k.t - startMs)).toEqual([0, 60_000, 120_000]);
    expect(list).toEqual([
      { t: startMs, o: '60000', h: '61000', l: '60000', c: '61000', v: '0.03' },
      { t: startMs + 60_000, o: '61000', h: '61000', l: '61000', c: '61000', v: '0' },
      { t: startMs + 120_000, o: '59000', h: '59000', l: '59000', c: '59000', v: '0.03' },
    ]);
  });

  it('aggregates the same trades into every interval, aligned in UTC (weeks from Monday)', async () => {
    for (const period of ['5m', '15m', '30m', '1h', '4h', '1d', '1w']) {
      const { body } = await klines({ symbol: 'BTC/USDT', period, limit: 2 });
      const list = body.type === 'ok' ? body.message : [];
      expect(list, period).toHaveLength(1);
      expect(list[0], period).toMatchObject({ o: '60000', h: '61000', l: '59000', c: '59000', v: '0.06' });
    }
    const week = await klines({ symbol: 'BTC/USDT', period: '1w' });
    const t0 = week.body.type === 'ok' ? week.body.message[0]?.t ?? 0 : 0;
    expect(new Date(t0).getUTCDay()).toBe(1);
    expect(new Date(t0).toISOString()).toMatch(/T00:00:00\.000Z$/);
  });

  it('takes the pair by currency ids and long period names', async () => {
    const ids = { currency_id: await currencyId(t, 'BTC'), legal_id: await currencyId(t, 'USDT') };
    const { body } = await klines({ ...ids, period: '1min', limit: 5000 });
    expect(body.type).toBe('ok');
    expect(body.type === 'ok' && body.message.length).toBe(3);
  });

  it('refuses a bad period or pair with a localised error, and a bad limit', async () => {
    expect((await klines({ symbol: 'BTC/USDT', period: '2h' }, 'zh')).body).toEqual({ type: 'error', code: 'MARKET.PERIOD_INVALID', message: '不支持的K线周期', field: 'period' });
    expect((await klines({ symbol: 'BTC/USDT' })).body).toMatchObject({ type: 'error', code: 'VALID.REQUIRED', field: 'period' });
    expect((await klines({ symbol: 'NOPE/USDT', period: '1m' }, 'fra')).body).toMatchObject({ type: 'error', code: 'MARKET.SYMBOL_UNAVAILABLE', message: 'Cette paire de trading n’est pas disponible' });
    expect((await klines({ symbol: 'BTC/USDT', period: '1m', limit: '-1' })).body).toMatchObject({ type: 'error', field: 'limit' });
  });
});

describe('after a restart', () => {
  const intervals = ['1m', '5m', '1h', '1d', '1w'] as const;

  async function fresh(replay: boolean): Promise<MarketDataService> {
    const ctx = { db: t.server.db, dialect: t.server.dialect, clock: t.clock, log: { info: () => undefined, warn: () => undefined } };
    const service = new MarketDataService(ctx, new KlineStore(ctx));
    const { markets } = marketOf(t.server.modules);
    await service.load(markets.pairs().map((r) => symbolInfo(markets, r)), replay ? markets : undefined);
    return service;
  }

  it('reads the same candles and 24 h figures back from what was written', async () => {
    const live = marketOf(t.server.modules).marketData;
    await live.flush();
    const restarted = await fresh(false);
    for (const interval of intervals) expect(await restarted.klines('BTC/USDT', interval, 10), interval).toEqual(await live.klines('BTC/USDT', interval, 10));
    expect(restarted.ticker('BTC/USDT')).toEqual(live.ticker('BTC/USDT'));
  });

  it('rebuilds what was never written from the trades table, counting nothing twice', async () => {
    await limit(t, alice, 'buy', '59500', '0.004');
    await trade(t, bob, { symbol: 'BTC/USDT', type: 'sell', amount: '0.004' });
    const live = marketOf(t.server.modules).marketData;
    await live.flush();
    // As if the process died before its first write: no candles, no watermark.
    await t.server.db.deleteFrom('market_klines').execute();
    await t.server.db.deleteFrom('market_data_state').where('name', '=', TRADE_WATERMARK).execute();
    const rebuilt = await fresh(true);
    for (const interval of intervals) expect(await rebuilt.klines('BTC/USDT', interval, 10), interval).toEqual(await live.klines('BTC/USDT', interval, 10));
    expect(rebuilt.ticker('BTC/USDT')).toEqual(live.ticker('BTC/USDT'));
    expect(live.ticker('BTC/USDT')).toMatchObject({ last: '59500', volume_24h: '0.064' });
    // A second start reads candles and the watermark, and replays nothing again.
    const again = await fresh(true);
    expect(again.ticker('BTC/USDT')).toEqual(live.ticker('BTC/USDT'));
  });
});

describe('GET /currency/quotation_new', () => {
  it('carries the live 24 h figures and the tickers seq', async () => {
    const { list, seq } = await t.ok<QuotationList>('/api/currency/quotation_new', { method: 'GET' });
    expect(seq).toBe(marketOf(t.server.modules).marketStreams.tickersSeq());
    expect(list.find((q) => q.symbol === 'BTC/USDT')).toMatchObject({
      last: '59500', open_24h: '60000', high_24h: '61000', low_24h: '59000', change_pct: '-0.83', volume_24h: '0.064', quote_volume_24h: '3828',
    });
    // Before its first trade a pair shows its reference price, flat.
    expect(list.find((q) => q.symbol === 'ETH/USDT')).toMatchObject({ last: '3000', change_pct: '0.00', volume_24h: '0', high_24h: '3000' });
  });

  // From here on the clock only moves forwards.
  it('rolls the window: a day later the old trades have left it', async () => {
    t.clock.advance(24 * 60 * 60 * 1000 - 60_000);
    const later = (await t.ok<QuotationList>('/api/currency/quotation_new', { method: 'GET', data: { category: 'coin' } })).list.find((q) => q.symbol === 'BTC/USDT');
    // The first minute (0.03 BTC) left; minute 2 and the last trade are still inside.
    expect(later).toMatchObject({ last: '59500', open_24h: '61000', high_24h: '59500', low_24h: '59000', volume_24h: '0.034', change_pct: '-2.46' });
    t.clock.advance(10 * 60_000);
    expect((await t.ok<QuotationList>('/api/currency/quotation_new', { method: 'GET' })).list.find((q) => q.symbol === 'BTC/USDT'))
      .toMatchObject({ last: '59500', open_24h: '59500', high_24h: '59500', change_pct: '0.00', volume_24h: '0' });
  });
});

// After every other test: the clock never moves back, since the server's own timers (the ticker
// sweep) may read the 24 h window while it is ahead, and expire minutes for good.
describe('GET /currency/new_timeshar, two days on', () => {
  it('caps the limit at 1000 and answers 300 without one', async () => {
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    const long = await klines({ symbol: 'BTC/USDT', period: '1m', limit: 5000 });
    expect(long.body.type === 'ok' && long.body.message.length).toBe(1000);
    const fallback = await klines({ symbol: 'BTC/USDT', period: '1m' });
    expect(fallback.body.type === 'ok' && fallback.body.message.length).toBe(300);
  });
});
