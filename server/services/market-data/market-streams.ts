import type { DepthSnapshot, KlineInterval, PublicTrade, SpotOrder, TradesSnapshot } from '../../../contract/api/market.ts';
import type { SnapshotPayload, UserBalanceChange } from '../../../contract/socket-events.ts';
import type { MarketEvent, MarketEvents, TradeEvent } from '../market/market-events.ts';
import type { ServiceContext } from '../service-context.ts';
import { DepthViews, type DepthSource } from './depth-views.ts';
import { KlineBatcher } from './kline-batcher.ts';
import { KLINE_LIMIT_DEFAULT, type MarketDataService } from './market-data-service.ts';
import type { MarkPriceService } from './mark-price-service.ts';
import { NO_SINK, StreamSequences, userRoom, type StreamEvent, type StreamPayload, type StreamSink } from './stream-sink.ts';
import { TickerBatcher } from './ticker-batcher.ts';

/** A user's state for the private channel's snapshot. */
export interface UserStateSource {
  openOrders(userId: number): Promise<SpotOrder[]>;
  balances(userId: number): Promise<UserBalanceChange[]>;
}

export interface RecentTradesSource {
  /** Newest first. */
  recentTrades(symbol: string, limit: number): Promise<PublicTrade[]>;
}

/** Where the `mark` stream's prices come from: the market's marks, or contracts' view with operator overrides. */
export type MarkFeed = Pick<MarkPriceService, 'get' | 'subscribe'>;

export interface MarketStreamsDeps {
  marketData: MarketDataService;
  marks: MarkFeed;
  events: MarketEvents;
  depth: DepthSource;
  users: UserStateSource;
  trades: RecentTradesSource;
}

/** Trades kept per symbol for the trades snapshot. */
export const TRADES_KEPT = 50;

const publicTrade = (t: TradeEvent): PublicTrade => ({ id: t.id, price: t.price, amount: t.amount, side: t.side, time: new Date(t.timeMs).toISOString() });

/**
 * The market streams of contract/socket-events.ts, transport aside: what each stream sends and
 * when, its sequence numbers, and its snapshots. Sources are the order service's committed events
 * (trades, depth changes, orders, balances), market data (tickers, candles) and mark prices. The
 * realtime layer attaches a sink (socket.io rooms) and answers subscriptions with the snapshots here.
 *
 * Sequence numbers count messages actually sent to a room with listeners; a snapshot carries the
 * seq of the last message its state includes, so "snapshot, then seq + 1, seq + 2 ..." replays
 * exactly. Trades and private messages go out as their event arrives; tickers (every 250 ms, only
 * changed symbols), candles (every 250 ms) and depth (every 100 ms, as a diff of the top 50) are
 * coalesced.
 */
export class MarketStreams {
  readonly seqs = new StreamSequences();
  private sink: StreamSink = NO_SINK;
  private readonly tickers: TickerBatcher;
  private readonly klines: KlineBatcher;
  private readonly depthViews: DepthViews;
  private readonly recent = new Map<string, PublicTrade[]>();
  private readonly unsubscribers: (() => void)[] = [];
  private stopMarks: (() => void) | undefined;
  private started = false;

  constructor(private readonly ctx: ServiceContext, private deps: MarketStreamsDeps) {
    const { marketData } = deps;
    this.tickers = new TickerBatcher({
      tickers: (symbols) => symbols.flatMap((s) => marketData.ticker(s) ?? []),
      allSymbols: () => marketData.symbols(),
      publish: (tickers) => this.send('tickers', 'tickers', (seq) => ({ seq, time: ctx.clock.now().toISOString(), tickers })),
      nowMs: () => performance.now(),
      ready: (resume) => this.sink.idle?.('tickers', resume) ?? true,
    });
    this.klines = new KlineBatcher({
      wanted: (symbol, interval) => this.sink.hasAudience(`kline:${symbol}:${interval}`),
      current: (symbol, interval) => marketData.currentCandle(symbol, interval),
      format: (symbol, candle) => (marketData.scale(symbol) as NonNullable<ReturnType<typeof marketData.scale>>).kline(candle),
      publish: (symbol, interval, kline) => this.send(`kline:${symbol}:${interval}`, 'kline', (seq) => ({ symbol, interval, seq, kline })),
    });
    this.depthViews = new DepthViews(deps.depth, (symbol) => this.sink.hasAudience(`depth:${symbol}`), (symbol, delta) =>
      this.send(`depth:${symbol}`, 'depth', (seq) => ({ symbol, seq, bids: delta.bids, asks: delta.asks })));
  }

  /** Where messages go from now on (the realtime layer's socket.io rooms). */
  attach(sink: StreamSink): void {
    this.sink = sink;
  }

  /** Loads the recent trades and starts listening; call once the sources are loaded. */
  async start(): Promise<void> {
    for (const symbol of this.deps.marketData.symbols()) {
      this.recent.set(symbol, (await this.deps.trades.recentTrades(symbol, TRADES_KEPT)).slice(0, TRADES_KEPT));
    }
    this.tickers.start();
    this.unsubscribers.push(
      this.deps.events.subscribe((event) => this.onMarketEvent(event)),
      this.deps.marketData.subscribe({
        tickerChanged: (symbol) => this.tickers.changed(symbol),
        klinesChanged: (symbol, changes) => this.klines.changed(symbol, changes),
      }),
    );
    this.started = true;
    this.listenToMarks();
  }

  /** Pairs listed while the server runs: their recent trades kept, their figures in the next tickers batch. */
  async addSymbols(symbols: readonly string[]): Promise<void> {
    for (const symbol of symbols) {
      if (!this.recent.has(symbol)) this.recent.set(symbol, (await this.deps.trades.recentTrades(symbol, TRADES_KEPT)).slice(0, TRADES_KEPT));
      if (this.started) this.tickers.changed(symbol);
    }
  }

  /**
   * Publishes marks from `feed` from now on (contracts' marks, which carry `ops mark` overrides, so
   * the stream shows the price PnL, triggers and settlement use).
   */
  useMarkFeed(feed: MarkFeed): void {
    this.deps.marks = feed;
    if (this.started) this.listenToMarks();
  }

  private listenToMarks(): void {
    this.stopMarks?.();
    this.stopMarks = this.deps.marks.subscribe((symbol, price, timeMs) =>
      this.send(`mark:${symbol}`, 'mark', (seq) => ({ symbol, seq, price, time: new Date(timeMs).toISOString() })));
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    this.stopMarks?.();
    this.stopMarks = undefined;
    this.started = false;
    this.tickers.stop();
    this.klines.stop();
    this.depthViews.stop();
  }

  tickersSnapshot(): Extract<SnapshotPayload, { stream: 'tickers' }> {
    return { stream: 'tickers', seq: this.seqs.current('tickers'), tickers: this.tickers.lastSent() };
  }

  /** The tickers seq (GET /currency/quotation_new answers it with the list). */
  tickersSeq(): number {
    return this.seqs.current('tickers');
  }

  /** The depth view as last published with its seq (also GET /market/depth's answer); null for an unknown symbol. */
  depthSnapshot(symbol: string): DepthSnapshot | null {
    if (!this.deps.marketData.has(symbol)) return null;
    const view = this.depthViews.view(symbol);
    if (!view) return null;
    return { symbol, seq: this.seqs.current(`depth:${symbol}`), bids: view.bids, asks: view.asks };
  }

  tradesSnapshot(symbol: string, limit = TRADES_KEPT): TradesSnapshot | null {
    const trades = this.recent.get(symbol);
    if (!trades) return null;
    return { symbol, seq: this.seqs.current(`trades:${symbol}`), trades: trades.slice(0, limit) };
  }

  async klineSnapshot(symbol: string, interval: KlineInterval): Promise<Extract<SnapshotPayload, { stream: 'kline' }> | null> {
    // The seq first: the candles read after it may be newer, and the next message repeats the current candle whole.
    const seq = this.seqs.current(`kline:${symbol}:${interval}`);
    const klines = await this.deps.marketData.klines(symbol, interval, KLINE_LIMIT_DEFAULT);
    return klines ? { stream: 'kline', symbol, interval, seq, klines } : null;
  }

  markSnapshot(symbol: string): Extract<SnapshotPayload, { stream: 'mark' }> | null {
    const mark = this.deps.marks.get(symbol);
    if (!mark) return null;
    return { stream: 'mark', symbol, seq: this.seqs.current(`mark:${symbol}`), price: mark.price, time: new Date(mark.timeMs).toISOString() };
  }

  async userSnapshot(userId: number): Promise<Extract<SnapshotPayload, { stream: 'user' }>> {
    // The seq first: orders and balances are whole states, so a message the read already includes is harmless to repeat.
    const seq = this.seqs.current(userRoom(userId));
    const [orders, balances] = await Promise.all([this.deps.users.openOrders(userId), this.deps.users.balances(userId)]);
    return { stream: 'user', seq, orders, balances };
  }

  private onMarketEvent(event: MarketEvent): void {
    switch (event.type) {
      case 'trades': {
        const trades = event.trades.map(publicTrade);
        const kept = this.recent.get(event.symbol);
        if (kept) {
          kept.unshift(...[...trades].reverse());
          kept.splice(TRADES_KEPT);
        }
        this.send(`trades:${event.symbol}`, 'trades', (seq) => ({ symbol: event.symbol, seq, trades }));
        return;
      }
      case 'depth':
        this.depthViews.changed(event.change.symbol);
        return;
      case 'order':
        this.send(userRoom(event.userId), 'user', (seq) => ({ seq, orders: [event.order], balances: [] }));
        return;
      case 'balances':
        this.send(userRoom(event.userId), 'user', (seq) => ({ seq, orders: [], balances: event.balances }));
        return;
    }
  }

  /** Sends one message on a stream when anyone can hear it, numbering it. */
  private send<E extends StreamEvent>(room: string, event: E, build: (seq: number) => StreamPayload<E>): void {
    if (!this.sink.hasAudience(room)) return;
    this.sink.emit(room, event, build(this.seqs.next(room)));
  }
}
