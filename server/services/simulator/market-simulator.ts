import type { SpotOrder } from '../../../contract/api/market.ts';
import type { Outcome } from '../../domain/outcome.ts';
import { toSafeInt } from '../../domain/to-safe-int.ts';
import type { LedgerReader } from '../ledger/ledger-reader.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { MarketDataService } from '../market-data/market-data-service.ts';
import type { MarketEvents } from '../market/market-events.ts';
import type { MarketService } from '../market/market-service.ts';
import type { SpotOrderService } from '../market/spot-order-service.ts';
import type { ServiceContext } from '../service-context.ts';
import type { UserService } from '../user-service.ts';
import { ensureBots, topUp, type BotName } from './bot-accounts.ts';
import { planLadder } from './maker-ladder.ts';
import { profileOf } from './pair-profiles.ts';
import { hashText, SeededRandom } from '../../domain/seeded-random.ts';
import { priceUnitsPerTick, SimPair } from './sim-pair.ts';
import { SimStatus } from './sim-status.ts';
import { fundingTargets, loadMakerOrders, takerOrder } from './sim-trading.ts';

export interface SimulatorDeps {
  markets: MarketService;
  spotOrders: SpotOrderService;
  events: MarketEvents;
  marketData: MarketDataService;
  users: UserService;
  ledger: LedgerService;
  ledgerReader: LedgerReader;
}

export interface SimulatorOptions {
  /** Same seed, same walks and bot decisions (given the same ticks). */
  seed: number;
  /** Only these pairs (all when omitted). */
  symbols?: readonly string[];
}

export const SIM_TICK_MS = 250;
/** Ladders of BTC and ETH are checked every second, the others every few seconds (and after a fill). */
const MAJOR_LADDER_MS = 1000;
const LADDER_MS = 4000;
const PLACES_PER_CHECK = 6;
/** Operations waiting in the order queue beyond which a tick sends nothing new. */
const IN_FLIGHT_MAX = 200;
const TOP_UP_MS = 60_000;
const STATUS_MS = 30_000;

/**
 * The market simulator: a market maker keeps a ladder of limit orders around each pair's fair
 * price (a bounded random walk anchored to the reference price), and two takers cross the spread
 * at a realistic pace, all through the spot order service like any user. Bots are ledger users
 * funded by house journals. Everything runs off one 250 ms timer; `tick` can be driven by hand.
 */
export class MarketSimulator {
  private readonly pairs = new Map<string, SimPair>();
  private bots: Record<BotName, number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: () => void = () => undefined;
  private readonly random: SeededRandom;
  private nowMs = 0;
  private lastRealMs = 0;
  private inFlight = 0;
  private nextTopUpMs = 0;
  private nextStatusMs = 0;
  private takerTurn = 0;
  private pace = 1;
  readonly status: SimStatus;

  constructor(private readonly ctx: ServiceContext, private readonly deps: SimulatorDeps, private readonly options: SimulatorOptions) {
    this.random = new SeededRandom(options.seed);
    this.status = new SimStatus(ctx, options.seed);
  }

  get running(): boolean {
    return this.bots !== null;
  }

  /**
   * Bot users and funding, the maker's resting orders, then (with `timers`) the 250 ms loop. `pace`
   * multiplies the takers' trade rates (SIMULATOR_PACE: a bench's busier market).
   */
  async start(timers = true, pace = 1): Promise<void> {
    if (this.bots) return;
    this.pace = pace;
    await this.deps.markets.ready();
    const bots = await ensureBots(this.deps.users);
    const only = this.options.symbols ? new Set(this.options.symbols) : null;
    for (const rules of this.deps.markets.pairs()) {
      if (only && !only.has(rules.symbol)) continue;
      const anchor = this.deps.markets.catalog.referenceTicks(rules);
      if (anchor <= 0) continue;
      const pair = new SimPair(rules, profileOf(rules), anchor, new SeededRandom(this.options.seed ^ hashText(rules.symbol)));
      // From the last price market data knows (trades, or the seeded history's close), so the chart runs on without a jump.
      const last = this.deps.marketData.lastPrice(rules.symbol);
      pair.startAt(last === null ? this.deps.markets.lastTicks(rules) : toSafeInt(last / priceUnitsPerTick(rules), `last price ticks of ${rules.symbol}`));
      this.pairs.set(rules.symbol, pair);
    }
    await this.fund(bots);
    for (const order of await loadMakerOrders(this.ctx, this.deps.markets, bots.maker)) this.pairs.get(order.symbol)?.track(order);
    this.unsubscribe = this.deps.events.subscribe((event) => {
      if (event.type === 'order' && event.userId === bots.maker) this.onMakerOrder(event.order);
      if (event.type === 'trades') this.status.trades += event.trades.length;
    });
    this.bots = bots;
    this.status.started(this.pairs.size);
    if (timers) {
      this.lastRealMs = performance.now();
      this.timer = setInterval(() => {
        const now = performance.now();
        this.tick(now - this.lastRealMs);
        this.lastRealMs = now;
      }, SIM_TICK_MS);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe();
    // Orders already queued finish first: their answers are tracked here.
    await this.settle();
    if (this.bots) await this.status.save(false).catch(() => undefined);
    this.bots = null;
  }

  /** One step of `elapsedMs`: walks, taker trades, ladder checks. Sends orders without waiting for them. */
  tick(elapsedMs = SIM_TICK_MS): void {
    const bots = this.bots;
    if (!bots) return;
    this.nowMs += elapsedMs;
    for (const pair of this.pairs.values()) {
      pair.advance(elapsedMs);
      if (this.inFlight >= IN_FLIGHT_MAX || pair.inFlight > 0) continue;
      // Poisson arrivals: the chance of a trade in this step is rate x step.
      if (this.random.chance(Math.round((pair.profile.tradesPerMinute * this.pace * elapsedMs * 1_000_000) / 60_000))) this.take(pair, bots);
      else if (this.nowMs >= pair.dueMs) this.quote(pair, bots.maker);
    }
    if (this.nowMs >= this.nextTopUpMs) {
      this.nextTopUpMs = this.nowMs + TOP_UP_MS;
      void this.fund(bots).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'simulator funding failed'));
    }
    if (this.nowMs >= this.nextStatusMs) {
      this.nextStatusMs = this.nowMs + STATUS_MS;
      void this.status.save(true).catch(() => undefined);
    }
  }

  /** Resolves when every order sent so far has been answered (tests). */
  async settle(): Promise<void> {
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  symbols(): string[] {
    return [...this.pairs.keys()];
  }

  botIds(): Record<BotName, number> | null {
    return this.bots;
  }

  private quote(pair: SimPair, maker: number): void {
    const major = pair.rules.base === 'BTC' || pair.rules.base === 'ETH';
    pair.dueMs = this.nowMs + (major ? MAJOR_LADDER_MS : LADDER_MS);
    const sideQuote = BigInt(pair.profile.depthQuote) * 10n ** BigInt(pair.rules.quoteDecimals);
    const plan = planLadder(pair.rules, pair.fairTicks(), [...pair.maker.values()], sideQuote, PLACES_PER_CHECK, () => pair.random.between(700, 1300));
    for (const id of plan.cancel) {
      pair.maker.delete(id);
      this.send(pair, this.deps.spotOrders.cancel(maker, id), () => (this.status.cancels += 1));
    }
    for (const p of plan.place) {
      const placed = this.deps.spotOrders.placeParsed(maker, pair.rules, { side: p.side, kind: 'limit', priceTicks: p.priceTicks, lots: p.lots }, null);
      this.send(pair, placed, (order) => {
        this.status.placed += 1;
        pair.track(order);
      });
    }
  }

  private take(pair: SimPair, bots: Record<BotName, number>): void {
    const taker = this.takerTurn++ % 2 === 0 ? bots.takerA : bots.takerB;
    const order = takerOrder(pair, this.deps.markets.book(pair.rules), this.random);
    if (!order) return;
    this.send(pair, this.deps.spotOrders.placeParsed(taker, pair.rules, order, null), (placed) => {
      this.status.taken += 1;
      // A limit taker that did not fill at once does not wait on the book.
      if (placed.state === 'open' || placed.state === 'partial') this.send(pair, this.deps.spotOrders.cancel(taker, placed.id), () => undefined);
    });
  }

  private send(pair: SimPair, pending: Promise<Outcome<SpotOrder>>, onOk: (order: SpotOrder) => void): void {
    pair.inFlight += 1;
    this.inFlight += 1;
    pending
      .then((outcome) => {
        if (outcome.ok) onOk(outcome.value);
        else this.status.refused(outcome.code);
        if (!outcome.ok && outcome.code === 'WALLET.INSUFFICIENT_BALANCE') this.nextTopUpMs = 0;
      })
      .catch((error: unknown) => this.ctx.log.warn({ err: error, symbol: pair.symbol }, 'simulator order failed'))
      .finally(() => {
        pair.inFlight -= 1;
        this.inFlight -= 1;
      });
  }

  private onMakerOrder(order: SpotOrder): void {
    const pair = this.pairs.get(order.symbol);
    // A fill took from a level: look at the ladder again on the next tick.
    if (pair && pair.track(order)) pair.dueMs = 0;
  }

  private async fund(bots: Record<BotName, number>): Promise<void> {
    const pairs = [...this.pairs.values()];
    for (const [name, userId] of Object.entries(bots) as [BotName, number][]) {
      const topped = await topUp(this.ctx, this.deps.ledger, this.deps.ledgerReader, userId, fundingTargets(pairs, name === 'maker' ? 4 : 1));
      this.status.fundings += topped;
    }
  }
}
