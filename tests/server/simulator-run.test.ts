import { afterAll, describe, expect, it } from 'vitest';
import type { DepthSnapshot, QuotationList } from '../../contract/api/market.ts';
import { KLINE_INTERVAL_MS } from '../../server/domain/kline-intervals.ts';
import { decimalToMinor } from '../../server/domain/minor-units.ts';
import { checkLedger } from '../../server/modules/check-ledger.ts';
import { seedHistory } from '../../server/services/simulator/history-seeder.ts';
import { MarketSimulator } from '../../server/services/simulator/market-simulator.ts';
import { SeededRandom } from '../../server/domain/seeded-random.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/** The market simulator on the real engine and ledger: trades happen, books stay sane, money adds up. */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

const PAIRS = ['BTC/USDT', 'ETH/USDT', 'DOGE/USDT', 'AAPL/USDT'];

async function run(seed: number, ticks: number): Promise<{ t: TestServer; sim: MarketSimulator }> {
  const t = await startTestServer();
  servers.push(t);
  const { services } = t.server;
  const market = marketOf(t.server.modules);
  const ctx = { db: t.server.db, dialect: t.server.dialect, clock: t.clock, log: { info: () => undefined, warn: () => undefined } };
  const sim = new MarketSimulator(ctx, {
    markets: market.markets, spotOrders: market.spotOrders, events: market.marketEvents, marketData: market.marketData,
    users: services.users, ledger: services.ledger, ledgerReader: services.ledgerReader,
  }, { seed, symbols: PAIRS });
  await sim.start(false);
  for (let i = 0; i < ticks; i += 1) {
    t.clock.advance(250);
    sim.tick(250);
    await sim.settle();
  }
  return { t, sim };
}

async function tradeTape(t: TestServer): Promise<string[]> {
  const rows = await t.server.db.selectFrom('spot_trades').select(['symbol_id', 'price_ticks', 'amount_minor', 'taker_side']).orderBy('id').execute();
  return rows.map((r) => `${r.symbol_id}:${r.taker_side}:${r.price_ticks}:${r.amount_minor}`);
}

describe('market simulator', () => {
  let first: { t: TestServer; sim: MarketSimulator };

  it('after a minute of ticks: trades on the pairs, a two-sided uncrossed book, a balanced ledger, no negative bot balance', async () => {
    first = await run(7, 240);
    const { t, sim } = first;
    const tape = await tradeTape(t);
    expect(tape.length).toBeGreaterThan(20);
    for (const symbol of PAIRS) {
      const depth = await t.ok<DepthSnapshot>('/api/market/depth', { method: 'GET', data: { symbol } });
      expect(depth.bids.length, symbol).toBeGreaterThanOrEqual(8);
      expect(depth.asks.length, symbol).toBeGreaterThanOrEqual(8);
      const [bestBid] = depth.bids[0] ?? [];
      const [bestAsk] = depth.asks[0] ?? [];
      const units = (price: string | undefined) => decimalToMinor(price ?? '', 12) ?? -1n;
      expect(units(bestBid) > 0n && units(bestBid) < units(bestAsk), `${symbol} ${bestBid} < ${bestAsk}`).toBe(true);
    }
    const report = await checkLedger({ db: t.server.db });
    expect(report.problems).toEqual([]);
    const bots = Object.values(sim.botIds() ?? {});
    expect(bots).toHaveLength(3);
    const accounts = await t.server.db.selectFrom('ledger_accounts').selectAll().where('user_id', 'in', bots).execute();
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) expect(BigInt(a.available_minor) >= 0n && BigInt(a.frozen_minor) >= 0n, `${a.user_id} ${a.currency_id}`).toBe(true);
    // Funding came from the house, by journal.
    const funding = await t.server.db.selectFrom('ledger_journals').select('id').where('kind', '=', 'sim_funding').execute();
    expect(funding.length).toBeGreaterThanOrEqual(3);
    expect(sim.status.report(true)).toMatchObject({ running: true, seed: 7, pairs: PAIRS.length });
    expect(sim.status.report(true).refusals).toEqual({});
  });

  it('is deterministic: the same seed and ticks give the same trades', async () => {
    const second = await run(7, 240);
    expect(await tradeTape(second.t)).toEqual(await tradeTape(first.t));
    await second.sim.stop();
  });

  it('stops sending orders when stopped, and picks its resting orders up again on start', async () => {
    const { t, sim } = first;
    await sim.stop();
    const count = async () => (await t.server.db.selectFrom('spot_orders').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n;
    const before = await count();
    sim.tick(5000);
    await sim.settle();
    expect(await count()).toEqual(before);
    await sim.start(false);
    // The ladder is already there: a check re-places nothing that rests.
    sim.tick(1);
    await sim.settle();
    expect(Number(await count()) - Number(before)).toBeLessThan(10);
    await sim.stop();
  });
});

describe('seeded history', () => {
  const pair = { symbol: 'BTC/USDT', anchor: 60_000n * 10n ** 12n, tick: 10n ** 11n, baseDecimals: 8, lotMinor: 1000n, quotePerMinute: 40_000 };
  const end = Date.parse('2026-11-18T13:47:00.000Z');

  it('is deterministic, ends at the given price and gives every interval plausible, aligned candles', () => {
    const a = seedHistory(pair, end, 12_345, new SeededRandom(1));
    const b = seedHistory(pair, end, 12_345, new SeededRandom(1));
    expect(a).toEqual(b);
    const byPeriod = new Map<string, typeof a>();
    for (const c of a) byPeriod.set(c.period, [...(byPeriod.get(c.period) ?? []), c]);
    expect(byPeriod.get('1m')?.length).toBeGreaterThanOrEqual(1440);
    for (const period of ['5m', '15m', '30m', '1h', '4h', '1d']) expect(byPeriod.get(period)?.length, period).toBeGreaterThan(150);
    expect(byPeriod.get('1w')?.length).toBeGreaterThan(50);
    for (const { period, candle: c, simulated } of a) {
      expect(simulated).toBe(true);
      expect(c.low <= c.open && c.low <= c.close && c.high >= c.open && c.high >= c.close && c.low > 0n, `${period} ${c.t}`).toBe(true);
      expect(c.open % pair.tick).toBe(0n);
      expect(c.t % KLINE_INTERVAL_MS[period as '1m'] === (period === '1w' ? 4 * 86_400_000 : 0)).toBe(true);
    }
    const minutes = byPeriod.get('1m') ?? [];
    expect(minutes.at(-1)?.candle.t).toBe(end - 60_000);
    // Today's close is the anchor moved by the given deviation (60000 x 1.012345), on the tick.
    expect(minutes.at(-1)?.candle.close).toBe(60_740_700_000_000_000n);
    const dayAgo = minutes.find((m) => m.candle.t >= end - 86_400_000)?.candle.open ?? 0n;
    const change = ((minutes.at(-1)!.candle.close - dayAgo) * 10_000n) / dayAgo;
    expect(change > -1000n && change < 1000n).toBe(true);
  });
});

describe('a server with SIMULATOR=on', () => {
  it('shows every pair with a day of history and moving 24 h figures from the first second', async () => {
    const t = await startTestServer({ simulator: true });
    servers.push(t);
    const { list } = await t.ok<QuotationList>('/api/currency/quotation_new', { method: 'GET' });
    expect(list.length).toBeGreaterThanOrEqual(40);
    for (const q of list) {
      expect(Number(q.volume_24h), q.symbol).toBeGreaterThan(0);
      expect(Math.abs(Number(q.change_pct)), `${q.symbol} ${q.change_pct}`).toBeLessThan(10);
    }
    const candles = await t.ok<unknown[]>('/api/currency/new_timeshar', { method: 'GET', data: { symbol: 'ETH/USDT', period: '1h', limit: 100 } });
    expect(candles).toHaveLength(100);
  });
});
