import type { Selectable } from 'kysely';
import type { KlineInterval } from '../../../contract/api/market.ts';
import type { MarketKlinesTable } from '../../db/market-data-schema.ts';
import type { Candle } from '../../domain/kline-candles.ts';
import { DAY_MS, KLINE_INTERVAL_MS } from '../../domain/kline-intervals.ts';
import { iso, type ServiceContext } from '../service-context.ts';
import { writeTransaction, type Tx } from '../write-transaction.ts';

export interface StoredCandle {
  symbol: string;
  period: KlineInterval;
  candle: Candle;
  simulated?: boolean;
}

/**
 * How long candles are kept, per interval: enough for the chart's largest page (1,000 candles) and,
 * for 1m, for the rolling 24 h window; 1d and 1w are kept for ever (a few hundred rows a year).
 */
export const KLINE_RETENTION_MS: Readonly<Record<KlineInterval, number | null>> = {
  '1m': 3 * DAY_MS,
  '5m': 7 * DAY_MS,
  '15m': 14 * DAY_MS,
  '30m': 30 * DAY_MS,
  '1h': 60 * DAY_MS,
  '4h': 240 * DAY_MS,
  '1d': null,
  '1w': null,
};

// 12 bound values per row: 400 rows stay far below either database's parameter limit.
const UPSERT_CHUNK = 400;

const toRow = ({ symbol, period, candle: c, simulated }: StoredCandle) => ({
  symbol,
  period,
  open_time: iso(new Date(c.t)),
  open_price: c.open.toString(),
  high_price: c.high.toString(),
  low_price: c.low.toString(),
  close_price: c.close.toString(),
  volume_minor: c.volume.toString(),
  turnover_raw: c.turnover.toString(),
  trades: c.trades,
  simulated: simulated ? 1 : 0,
});

export const candleOfRow = (r: Selectable<MarketKlinesTable>): Candle => ({
  t: Date.parse(r.open_time),
  open: BigInt(r.open_price),
  high: BigInt(r.high_price),
  low: BigInt(r.low_price),
  close: BigInt(r.close_price),
  volume: BigInt(r.volume_minor),
  turnover: BigInt(r.turnover_raw),
  trades: r.trades,
});

/** Candles in the database: written in batches by the market-data service, read by charts. */
export class KlineStore {
  constructor(private readonly ctx: ServiceContext) {}

  /** Inserts or replaces candles, and the named state values, in one transaction. */
  async save(candles: readonly StoredCandle[], state: Readonly<Record<string, string>> = {}): Promise<void> {
    if (candles.length === 0 && Object.keys(state).length === 0) return;
    const now = iso(this.ctx.clock.now());
    await writeTransaction(this.ctx, async (trx) => {
      for (let i = 0; i < candles.length; i += UPSERT_CHUNK) {
        await trx
          .insertInto('market_klines')
          .values(candles.slice(i, i + UPSERT_CHUNK).map(toRow))
          .onConflict((oc) => oc.columns(['symbol', 'period', 'open_time']).doUpdateSet((eb) => ({
            open_price: eb.ref('excluded.open_price'),
            high_price: eb.ref('excluded.high_price'),
            low_price: eb.ref('excluded.low_price'),
            close_price: eb.ref('excluded.close_price'),
            volume_minor: eb.ref('excluded.volume_minor'),
            turnover_raw: eb.ref('excluded.turnover_raw'),
            trades: eb.ref('excluded.trades'),
            simulated: eb.ref('excluded.simulated'),
          })))
          .execute();
      }
      for (const [name, value] of Object.entries(state)) await setState(trx, name, value, now);
    });
  }

  /** Candles with open time in [fromMs, toMs], oldest first, plus the last one before fromMs (it seeds gap filling). */
  async range(symbol: string, period: KlineInterval, fromMs: number, toMs: number): Promise<Candle[]> {
    const base = this.ctx.db.selectFrom('market_klines').selectAll().where('symbol', '=', symbol).where('period', '=', period);
    const [before, rows] = await Promise.all([
      base.where('open_time', '<', iso(new Date(fromMs))).orderBy('open_time', 'desc').limit(1).executeTakeFirst(),
      base.where('open_time', '>=', iso(new Date(fromMs))).where('open_time', '<=', iso(new Date(toMs))).orderBy('open_time').execute(),
    ]);
    return [...(before ? [candleOfRow(before)] : []), ...rows.map(candleOfRow)];
  }

  /** The newest candle of each interval of a symbol (the ones still being built after a restart). */
  async latest(symbol: string, period: KlineInterval): Promise<Candle | null> {
    const row = await this.ctx.db.selectFrom('market_klines').selectAll()
      .where('symbol', '=', symbol).where('period', '=', period).orderBy('open_time', 'desc').limit(1).executeTakeFirst();
    return row ? candleOfRow(row) : null;
  }

  /** Symbols that have any candle at all (the simulator seeds history only for the others). */
  async symbolsWithCandles(): Promise<Set<string>> {
    const rows = await this.ctx.db.selectFrom('market_klines').select('symbol').where('period', '=', '1d').distinct().execute();
    return new Set(rows.map((r) => r.symbol));
  }

  async state(name: string): Promise<string | null> {
    const row = await this.ctx.db.selectFrom('market_data_state').select('value').where('name', '=', name).executeTakeFirst();
    return row?.value ?? null;
  }

  async setState(name: string, value: string): Promise<void> {
    await writeTransaction(this.ctx, (trx) => setState(trx, name, value, iso(this.ctx.clock.now())));
  }

  /** Deletes candles past their interval's retention. */
  async prune(nowMs: number): Promise<void> {
    for (const [period, keepMs] of Object.entries(KLINE_RETENTION_MS)) {
      if (keepMs === null) continue;
      await this.ctx.db.deleteFrom('market_klines')
        .where('period', '=', period)
        .where('open_time', '<', iso(new Date(nowMs - keepMs - KLINE_INTERVAL_MS[period as KlineInterval])))
        .execute();
    }
  }
}

async function setState(trx: Tx, name: string, value: string, now: string): Promise<void> {
  await trx.insertInto('market_data_state').values({ name, value, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
    .execute();
}
