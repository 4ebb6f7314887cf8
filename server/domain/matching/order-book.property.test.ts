import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../seeded-random.ts';
import { NaiveOrderBook } from './naive-order-book.ts';
import { OrderBook, type DepthLevel, type NewOrder, type PlaceResult, type RestingOrder, type Side } from './order-book.ts';

/** One step of a command stream. Cancels pick among every id placed so far (resting, filled or cancelled), or an unknown id. */
type Command =
  | { type: 'limit'; userId: number; side: Side; priceTicks: number; lots: number }
  | { type: 'market'; userId: number; side: Side; lots: number }
  | { type: 'cancel'; pick: number; unknown: boolean };

// Few users and a narrow price band, so books get deep, orders cross and users meet themselves (STP).
const userArb = fc.integer({ min: 1, max: 4 });
const sideArb = fc.constantFrom<Side>('buy', 'sell');
const lotsArb = fc.integer({ min: 1, max: 8 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('limit' as const), userId: userArb, side: sideArb, priceTicks: fc.integer({ min: 95, max: 105 }), lots: lotsArb }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('market' as const), userId: userArb, side: sideArb, lots: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: fc.nat(), unknown: fc.boolean() }) },
);
const streamArb = fc.array(commandArb, { maxLength: 150 });

/** Per order: what it came with and where every lot went, to check filled + remaining + removed = original. */
interface Ledger { original: number; filled: number; removed: number }

/** Drives one OrderBook through a stream, checking the book's own invariants after every command. */
class Harness {
  readonly book = new OrderBook('TEST');
  readonly ledgers = new Map<number, Ledger>();
  /** What the stream exercised, so a test can show it was not trivial. */
  readonly seen = { fills: 0, partial: 0, expired: 0, cancelled: 0 };
  private nextId = 1;
  private readonly replayed = { bids: new Map<number, number>(), asks: new Map<number, number>() };

  /** Turns a command into the call both books get: a new order, or `{ cancel: id }`. */
  resolve(command: Command): NewOrder | { cancel: number } {
    if (command.type === 'cancel') {
      const placed = this.nextId - 1;
      return { cancel: command.unknown || placed === 0 ? 1_000_000 + command.pick : 1 + (command.pick % placed) };
    }
    const id = this.nextId++;
    return command.type === 'limit'
      ? { id, kind: 'limit', userId: command.userId, side: command.side, priceTicks: command.priceTicks, lots: command.lots }
      : { id, kind: 'market', userId: command.userId, side: command.side, priceTicks: 0, lots: command.lots };
  }

  place(order: NewOrder): PlaceResult {
    const opposite: Side = order.side === 'buy' ? 'sell' : 'buy';
    const queue = this.book.restingOrders(opposite);
    const quote = order.kind === 'market' ? this.book.quoteMarket(order.side, order.lots, order.userId) : undefined;
    const result = this.book.place(order);
    checkPriority(order, queue, result, this.book);
    if (quote !== undefined) {
      expect(result.fills.reduce((sum, f) => sum + f.lots, 0)).toBe(quote.lots);
      expect(result.fills.reduce((sum, f) => sum + BigInt(f.priceTicks) * BigInt(f.lots), 0n)).toBe(quote.notional);
    }
    this.ledgers.set(order.id, { original: order.lots, filled: 0, removed: result.rested ? 0 : result.remainingLots });
    for (const fill of result.fills) {
      this.ledger(fill.makerOrderId).filled += fill.lots;
      this.ledger(fill.takerOrderId).filled += fill.lots;
    }
    for (const gone of result.expired) this.ledger(gone.orderId).removed += gone.remainingLots;
    this.seen.fills += result.fills.length;
    this.seen.partial += result.fills.filter((f) => f.makerRemainingLots > 0).length;
    this.seen.expired += result.expired.length;
    this.checkBook();
    return result;
  }

  cancel(orderId: number): RestingOrder | null {
    const result = this.book.cancel(orderId);
    if (result !== null) {
      this.ledger(orderId).removed += result.lots;
      this.seen.cancelled += 1;
    }
    this.checkBook();
    return result;
  }

  /** Every order ever placed: filled + still resting + removed (expired, cancelled, dropped) = original. */
  checkConservation(): void {
    for (const [id, ledger] of this.ledgers) {
      expect(ledger.filled + (this.book.get(id)?.lots ?? 0) + ledger.removed, `order ${id}`).toBe(ledger.original);
    }
  }

  private ledger(id: number): Ledger {
    const ledger = this.ledgers.get(id);
    if (ledger === undefined) throw new Error(`no ledger for order ${id}`);
    return ledger;
  }

  private checkBook(): void {
    const { book } = this;
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
    const bids = book.restingOrders('buy');
    const asks = book.restingOrders('sell');
    expect(book.size).toBe(bids.length + asks.length);
    const depth = book.depth(Number.MAX_SAFE_INTEGER);
    same(depth, { bids: aggregate(bids), asks: aggregate(asks) });
    expect([bid, ask]).toEqual([depth.bids[0]?.[0] ?? null, depth.asks[0]?.[0] ?? null]);
    const changes = book.takeDepthChanges();
    replay(this.replayed.bids, changes.bids);
    replay(this.replayed.asks, changes.asks);
    same({ bids: sortedLevels(this.replayed.bids, 'buy'), asks: sortedLevels(this.replayed.asks, 'sell') }, depth);
  }
}

/**
 * Price-time priority, checked on the engine alone: the makers a taker met (filled or expired) are
 * exactly the head of the opposite queue as it stood before, in queue order, each fully used except
 * possibly the last; every one crossed the taker's limit; and if lots remain, nothing crossing is left.
 */
function checkPriority(order: NewOrder, queue: RestingOrder[], result: PlaceResult, book: OrderBook): void {
  const crosses = (o: RestingOrder): boolean =>
    order.kind === 'market' || (order.side === 'buy' ? o.priceTicks <= order.priceTicks : o.priceTicks >= order.priceTicks);
  const met = new Set([...result.fills.map((f) => f.makerOrderId), ...result.expired.map((e) => e.orderId)]);
  const head = queue.slice(0, met.size);
  expect(head.map((o) => o.id).sort((a, b) => a - b)).toEqual([...met].sort((a, b) => a - b));
  expect(head.every(crosses)).toBe(true);
  const position = new Map(head.map((o, i) => [o.id, i]));
  const inQueueOrder = (ids: number[]): boolean => ids.every((id, i) => i === 0 || (position.get(id) ?? -1) > (position.get(ids[i - 1] as number) ?? -1));
  expect(inQueueOrder(result.fills.map((f) => f.makerOrderId))).toBe(true);
  expect(inQueueOrder(result.expired.map((e) => e.orderId))).toBe(true);
  head.forEach((maker, i) => {
    const fill = result.fills.find((f) => f.makerOrderId === maker.id);
    if (fill !== undefined) {
      expect(fill.priceTicks).toBe(maker.priceTicks);
      expect(fill.lots + fill.makerRemainingLots).toBe(maker.lots);
      if (i < head.length - 1) expect(fill.makerRemainingLots).toBe(0);
    }
    expect(maker.userId === order.userId).toBe(fill === undefined);
  });
  if (result.remainingLots > 0) {
    expect(book.restingOrders(order.side === 'buy' ? 'sell' : 'buy').some(crosses)).toBe(false);
  }
}

/** toEqual, with a cheap first look: deep-comparing whole books after every command is most of these tests' time. */
function same(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

function aggregate(orders: RestingOrder[]): DepthLevel[] {
  const levels: DepthLevel[] = [];
  for (const o of orders) {
    const last = levels[levels.length - 1];
    if (last !== undefined && last[0] === o.priceTicks) last[1] += o.lots;
    else levels.push([o.priceTicks, o.lots]);
  }
  return levels;
}

function replay(levels: Map<number, number>, changes: DepthLevel[]): void {
  for (const [price, lots] of changes) {
    if (lots === 0) levels.delete(price);
    else levels.set(price, lots);
  }
}

function sortedLevels(levels: Map<number, number>, side: Side): DepthLevel[] {
  return [...levels].sort((a, b) => (side === 'buy' ? b[0] - a[0] : a[0] - b[0]));
}

/** Runs a stream through the engine (with its invariant checks) and the naive reference, comparing every answer and the books. */
function runAgainstReference(commands: Command[]): Harness {
  const harness = new Harness();
  const naive = new NaiveOrderBook();
  for (const command of commands) {
    const call = harness.resolve(command);
    if ('cancel' in call) expect(harness.cancel(call.cancel)).toEqual(naive.cancel(call.cancel));
    else expect(harness.place(call)).toEqual(naive.place(call));
    same(harness.book.restingOrders('buy'), naive.restingOrders('buy'));
    same(harness.book.restingOrders('sell'), naive.restingOrders('sell'));
    same(harness.book.depth(3), naive.depth(3));
  }
  harness.checkConservation();
  return harness;
}

interface StreamShape { spreadTicks: number; limitShare: number; marketShare: number }

/** A seeded stream (the simulator's mulberry32): the same seed gives the same commands. */
function seededCommands(seed: number, count: number, { spreadTicks, limitShare, marketShare }: StreamShape): Command[] {
  const random = new SeededRandom(seed);
  const next = (): number => random.next() / 4_294_967_296;
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const commands: Command[] = [];
  for (let i = 0; i < count; i++) {
    const roll = next();
    const side: Side = next() < 0.5 ? 'buy' : 'sell';
    // Buys mostly below 10,000 and sells mostly above, overlapping a little: the book grows and some orders cross.
    const priceTicks = side === 'buy' ? int(10_000 - spreadTicks, 10_003) : int(9_997, 10_000 + spreadTicks);
    if (roll < limitShare) commands.push({ type: 'limit', userId: int(1, 6), side, priceTicks, lots: int(1, 20) });
    else if (roll < limitShare + marketShare) commands.push({ type: 'market', userId: int(1, 6), side, lots: int(1, 40) });
    else commands.push({ type: 'cancel', pick: int(0, 1 << 30), unknown: next() < 0.05 });
  }
  return commands;
}

describe('OrderBook against the naive reference', () => {
  it('gives the same fills, expirations, cancels and books for any command stream, with its invariants holding', () => {
    fc.assert(fc.property(streamArb, (commands) => {
      runAgainstReference(commands);
    }), { numRuns: 300 });
  });

  it('agrees over a long seeded stream with a deep book', { timeout: 30_000 }, () => {
    const harness = runAgainstReference(seededCommands(20_260_404, 2_500, { spreadTicks: 25, limitShare: 0.5, marketShare: 0.1 }));
    // The stream must have exercised what it claims to: a deep book, fills, self-trade expirations, cancels.
    expect(harness.book.size).toBeGreaterThan(150);
    expect(harness.book.depth(1_000).bids.length).toBeGreaterThan(10);
    expect(Math.min(harness.seen.fills, harness.seen.expired, harness.seen.cancelled, harness.seen.partial)).toBeGreaterThan(20);
  });

  it('agrees over a long seeded stream spread over many levels, most holding one order', { timeout: 30_000 }, () => {
    // Cancels then empty levels all over the book: the engine keeps them until it compacts its level array.
    const wide = { spreadTicks: 1_500, marketShare: 0.05 };
    const harness = runAgainstReference([
      ...seededCommands(7_001, 900, { ...wide, limitShare: 0.8 }),
      ...seededCommands(7_002, 1_100, { ...wide, limitShare: 0.1 }),
    ]);
    expect(harness.seen.cancelled).toBeGreaterThan(300);
  });

  it('restored from its resting orders in id order, a book behaves exactly like the original', () => {
    fc.assert(fc.property(streamArb, streamArb, (before, after) => {
      const original = new Harness();
      for (const command of before) {
        const call = original.resolve(command);
        if ('cancel' in call) original.cancel(call.cancel);
        else original.place(call);
      }
      const restored = new Harness();
      const resting = [...original.book.restingOrders('buy'), ...original.book.restingOrders('sell')].sort((a, b) => a.id - b.id);
      for (const order of resting) restored.book.restore(order);
      for (const command of before) if (command.type !== 'cancel') restored.resolve(command); // same next id
      expect(restored.book.restingOrders('buy')).toEqual(original.book.restingOrders('buy'));
      expect(restored.book.restingOrders('sell')).toEqual(original.book.restingOrders('sell'));
      for (const order of resting) restored.ledgers.set(order.id, { original: order.lots, filled: 0, removed: 0 });
      original.book.takeDepthChanges();
      restored.book.takeDepthChanges();
      for (const command of after) {
        const a = original.resolve(command);
        const b = restored.resolve(command);
        if ('cancel' in a && 'cancel' in b) expect(restored.book.cancel(b.cancel)).toEqual(original.book.cancel(a.cancel));
        else if (!('cancel' in a) && !('cancel' in b)) expect(restored.book.place(b)).toEqual(original.book.place(a));
      }
      expect(restored.book.depth(100)).toEqual(original.book.depth(100));
      expect(restored.book.takeDepthChanges()).toEqual(original.book.takeDepthChanges());
    }), { numRuns: 150 });
  });
});
