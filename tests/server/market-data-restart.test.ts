import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kline, QuotationList } from '../../contract/api/market.ts';
import { startServer, type RunningServer } from '../../server/src/app.ts';
import { loadConfig, type Config } from '../../server/src/config.ts';
import { ManualClock } from '../../server/services/clock.ts';
import { marketOf } from '../../server/modules/market/module.ts';

/**
 * Candles and 24 h figures survive a restart of the whole server on the same database (SQLite
 * file, or the PostgreSQL schema when DATABASE_URL is set).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'brisk-restart-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `brisk_t_${randomBytes(6).toString('hex')}` : undefined;
const clock = new ManualClock(new Date());
const config: Config = {
  ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, databaseUrl, databaseSchema: schema, redisUrl: undefined,
  logLevel: 'silent', staticDir: join(dataDir, 'no-dist'), ratesUrl: undefined, simulator: false,
};
let running: RunningServer | null = null;

afterAll(async () => {
  await running?.close();
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function get<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${running?.url}${path}`)).json()) as { type: string; message: T };
  if (body.type !== 'ok') throw new Error(JSON.stringify(body));
  return body.message;
}

describe('a restarted server', () => {
  it('shows the same candles and 24 h figures as before', async () => {
    running = await startServer({ ...config, simulator: true }, { clock });
    // Let the simulator trade a little on top of the seeded history, then stop (a graceful stop writes the last candles).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await marketOf(running.modules).simulator.stop();
    const klines = await get<Kline[]>('/api/currency/new_timeshar?symbol=BTC/USDT&period=1m&limit=50');
    const weeks = await get<Kline[]>('/api/currency/new_timeshar?symbol=BTC/USDT&period=1w&limit=50');
    const quotes = (await get<QuotationList>('/api/currency/quotation_new')).list;
    await running.close();
    running = null;

    running = await startServer(config, { clock });
    expect(await get<Kline[]>('/api/currency/new_timeshar?symbol=BTC/USDT&period=1m&limit=50')).toEqual(klines);
    expect(await get<Kline[]>('/api/currency/new_timeshar?symbol=BTC/USDT&period=1w&limit=50')).toEqual(weeks);
    const after = (await get<QuotationList>('/api/currency/quotation_new')).list;
    const figures = (list: QuotationList['list']) => list.map((q) => [q.symbol, q.last, q.change_pct, q.high_24h, q.low_24h, q.volume_24h, q.quote_volume_24h]);
    expect(figures(after)).toEqual(figures(quotes));
    expect(Number(after.find((q) => q.symbol === 'BTC/USDT')?.volume_24h)).toBeGreaterThan(0);
  });
});
