import { KLINE_INTERVALS, type Kline, type KlineInterval } from '../../../contract/api/market.ts';
import { continuousCandles, type Candle } from '../../domain/kline-candles.ts';
import { bucketStart, KLINE_INTERVAL_MS, MINUTE_MS, MINUTES_PER_DAY } from '../../domain/kline-intervals.ts';
import type { MarketEvents, TradeEvent } from '../market/market-events.ts';
import type { ServiceContext } from '../service-context.ts';
import type { KlineStore, StoredCandle } from './kline-store.ts';
import { SymbolScale, type TickerFigures } from './market-data-format.ts';
import type { MarketSymbolInfo } from './market-symbol-info.ts';
import { SymbolMarket, type KlineChange } from './symbol-market.ts';

/** Trades already committed, read back after a restart (the spot trades table). */
export interface TradeSource {
  /** Trades with id > afterId, ascending by id, at most `limit`. */
  tradesAfter(afterId: number, limit: number): Promise<TradeEvent[]>;
}

export interface MarketDataListener {
  /** The symbol's ticker changed (a trade). */
  tickerChanged(symbol: string): void;
  /** Intervals whose candle changed; `closed` is a candle that ended with this batch. */
  klinesChanged(symbol: string, changes: readonly KlineChange[]): void;
}

export const KLINE_LIMIT_DEFAULT = 300;
export const KLINE_LIMIT_MAX = 1000;
const FLUSH_MS = 1000;
const PRUNE_MS = 60 * 60 * 1000;
const REPLAY_PAGE = 2000;
/** market_data_state: the highest trade id folded into stored candles. */
export const TRADE_WATERMARK = 'klines.trade_id';

/**
 * Last prices, rolling 24 h statistics and candles of every symbol, from the trades the order
 * service announces after each commit. Everything is kept in memory (one SymbolMarket per symbol)
 * and the changed candles are written every second; after a restart the candles are read back,
 * the 24 h window rebuilt from the stored 1m candles, and trades committed after the last write
 * (TRADE_WATERMARK) replayed from the trades table, so no trade is counted twice or lost.
 */
export class MarketDataService {
  private readonly markets = new Map<string, SymbolMarket>();
  private readonly listeners = new Set<MarketDataListener>();
  private watermark = 0;
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> | null = null;
  private unsubscribe: () => void = () => undefined;

  constructor(private readonly ctx: ServiceContext, readonly store: KlineStore) {}

  /** Reads every symbol's stored state; symbols already loaded are left as they are. */
  async load(symbols: readonly MarketSymbolInfo[], trades?: TradeSource): Promise<void> {
    this.watermark = Number((await this.store.state(TRADE_WATERMARK)) ?? '0');
    for (const info of symbols) {
      if (this.markets.has(info.symbol)) continue;
      this.markets.set(info.symbol, await this.loadSymbol(info));
    }
    if (trades) await this.replay(trades);
  }

  /**
   * Takes up pairs listed while the server runs (ops pair-add): each unknown one is read like at
   * start; the trade watermark is left alone (a new pair has no trades to replay). Answers those added.
   */
  async add(symbols: readonly MarketSymbolInfo[]): Promise<string[]> {
    const added: string[] = [];
    for (const info of symbols) {
      if (this.markets.has(info.symbol)) continue;
      this.markets.set(info.symbol, await this.loadSymbol(info));
      added.push(info.symbol);
    }
    return added;
  }

  /** Reloads one symbol from the database (after the simulator wrote its seeded history). */
  async reload(info: MarketSymbolInfo): Promise<void> {
    this.markets.set(info.symbol, await this.loadSymbol(info));
  }

  subscribe(listener: MarketDataListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  symbols(): string[] {
    return [...this.markets.keys()];
  }

  has(symbol: string): boolean {
    return this.markets.has(symbol);
  }

  scale(symbol: string): SymbolScale | undefined {
    return this.markets.get(symbol)?.scale;
  }

  /** Folds committed trades of one symbol in (MarketEvents 'trades'). */
  onTrades(symbol: string, trades: readonly TradeEvent[]): void {
    const market = this.markets.get(symbol);
    if (!market || trades.length === 0) return;
    const changes = new Map<KlineInterval, KlineChange>();
    for (const trade of trades) {
      const price = market.scale.price(trade.price);
      const amount = market.scale.amount(trade.amount);
      if (trade.id > this.watermark) this.watermark = trade.id;
      if (price === null || amount === null || price <= 0n || amount <= 0n) {
        this.ctx.log.warn({ symbol, trade }, 'market data: trade price or amount off the currency scale, skipped');
        continue;
      }
      for (const change of market.apply({ timeMs: trade.timeMs, price, amount })) {
        const before = changes.get(change.interval);
        changes.set(change.interval, { ...change, closed: change.closed ?? before?.closed ?? null });
      }
    }
    if (changes.size === 0) return;
    for (const listener of this.listeners) {
      listener.tickerChanged(symbol);
      listener.klinesChanged(symbol, [...changes.values()]);
    }
  }

  /** The 24 h figures of a symbol now; null for an unknown symbol. */
  ticker(symbol: string): TickerFigures | null {
    const market = this.markets.get(symbol);
    return market ? market.scale.ticker(market.day.stats(this.ctx.clock.now().getTime())) : null;
  }

  tickers(): TickerFigures[] {
    return this.symbols().map((s) => this.ticker(s) as TickerFigures);
  }

  /** Last trade price in quote minor units; null before the first trade. */
  lastPrice(symbol: string): bigint | null {
    return this.markets.get(symbol)?.lastPrice() ?? null;
  }

  /** The candle an interval is building (for the kline stream). */
  currentCandle(symbol: string, interval: KlineInterval): Kline | null {
    const market = this.markets.get(symbol);
    const candle = market?.candle(interval);
    return market && candle ? market.scale.kline(candle) : null;
  }

  /** The latest `limit` candles up to now, oldest first, silent buckets filled; null for an unknown symbol. */
  async klines(symbol: string, interval: KlineInterval, limit = KLINE_LIMIT_DEFAULT): Promise<Kline[] | null> {
    const market = this.markets.get(symbol);
    if (!market) return null;
    const count = Math.min(Math.max(1, limit), KLINE_LIMIT_MAX);
    const nowMs = this.ctx.clock.now().getTime();
    const last = bucketStart(interval, nowMs);
    const first = last - (count - 1) * KLINE_INTERVAL_MS[interval];
    const byTime = new Map<number, Candle>();
    for (const c of await this.store.range(symbol, interval, first, last)) byTime.set(c.t, c);
    // Read after the database: a write finishing in between is then still in `pending` or stored.
    for (const c of market.pending(interval)) byTime.set(c.t, c);
    const merged = [...byTime.values()].sort((a, b) => a.t - b.t);
    return continuousCandles(merged, interval, nowMs, count).map((c) => market.scale.kline(c));
  }

  /** Writes the changed candles and the trade watermark; one write at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.writeDirty().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /**
   * Listens to committed trades, and starts the timers: writes every second, prunes old candles
   * hourly (they never keep the process alive).
   */
  start(events: MarketEvents): void {
    if (this.timers.length > 0) return;
    this.unsubscribe = events.subscribe((event) => {
      if (event.type === 'trades') this.onTrades(event.symbol, event.trades);
    });
    const flush = () => this.flush().catch((error: unknown) => this.ctx.log.warn({ err: error }, 'market data: writing candles failed'));
    const prune = () => this.store.prune(this.ctx.clock.now().getTime()).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'market data: pruning candles failed'));
    this.timers = [setInterval(flush, FLUSH_MS), setInterval(prune, PRUNE_MS)];
    for (const timer of this.timers) timer.unref();
    void prune();
  }

  async stop(): Promise<void> {
    this.unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.flush();
  }

  private async writeDirty(): Promise<void> {
    const taken = [...this.markets.values()].map((m) => ({ market: m, candles: m.takeDirty() }));
    const all: StoredCandle[] = taken.flatMap((t) => t.candles);
    if (all.length === 0) return;
    try {
      await this.store.save(all, { [TRADE_WATERMARK]: String(this.watermark) });
      for (const t of taken) t.market.settle(true);
    } catch (error) {
      for (const t of taken) t.market.settle(false);
      throw error;
    }
  }

  private async loadSymbol(info: MarketSymbolInfo): Promise<SymbolMarket> {
    const market = new SymbolMarket(new SymbolScale(info));
    const latest = new Map<KlineInterval, Candle>();
    for (const interval of KLINE_INTERVALS) {
      const candle = await this.store.latest(info.symbol, interval);
      if (candle) latest.set(interval, candle);
    }
    const newest = latest.get('1m');
    if (newest) {
      const from = newest.t - (MINUTES_PER_DAY - 1) * MINUTE_MS;
      const rows = await this.store.range(info.symbol, '1m', from, newest.t);
      const before = rows[0] && rows[0].t < from ? (rows.shift() as Candle).close : null;
      market.restore(latest, rows, before);
    } else {
      market.restore(latest, [], null);
    }
    return market;
  }

  private async replay(source: TradeSource): Promise<void> {
    for (;;) {
      const page = await source.tradesAfter(this.watermark, REPLAY_PAGE);
      if (page.length === 0) break;
      const bySymbol = new Map<string, TradeEvent[]>();
      for (const t of page) bySymbol.set(t.symbol, [...(bySymbol.get(t.symbol) ?? []), t]);
      for (const [symbol, trades] of bySymbol) this.onTrades(symbol, trades);
      this.watermark = Math.max(this.watermark, ...page.map((t) => t.id));
      if (page.length < REPLAY_PAGE) break;
    }
    await this.flush();
  }
}
