import { BookSide } from './book-side.ts';
import type {
  CancelResult, Depth, DepthLevel, ExpiredMaker, Fill, MarketQuote, NewOrder, PlaceResult, RestingOrder, Side,
} from './matching-types.ts';
import { OrderNode, type PriceLevel } from './price-level.ts';

export type {
  CancelResult, Depth, DepthLevel, ExpiredMaker, Fill, MarketQuote, NewOrder, PlaceResult, RestingOrder, Side,
} from './matching-types.ts';

/**
 * A limit order book for one symbol: price-time priority, limit and market orders, partial fills,
 * cancel, and self-trade prevention by expiring the resting order (expire-maker). Pure, synchronous
 * and in memory; the order service persists what the results say and rebuilds with restore().
 *
 * Programmer errors (a duplicate id, a non-integer, a non-positive quantity) throw before anything
 * changes; business outcomes (nothing to match, a dropped market remainder) are results.
 */
export class OrderBook {
  readonly symbol: string;
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new Map<number, OrderNode>();

  constructor(symbol: string) {
    this.symbol = symbol;
  }

  get size(): number {
    return this.orders.size;
  }

  place(order: NewOrder): PlaceResult {
    const { id, userId, side, kind, lots } = order;
    checkOrderIds(id, userId);
    if (this.orders.has(id)) throw new Error(`order ${id} is already on the ${this.symbol} book`);
    checkSide(side);
    checkPositive('lots', lots);
    const isBuy = side === 'buy';
    let limitTicks: number;
    if (kind === 'limit') {
      limitTicks = order.priceTicks;
      checkPositive('priceTicks', limitTicks);
      // Matching never touches the taker's own side, so the level it would rest at can be checked now.
      checkLevelRoom(isBuy ? this.bids : this.asks, limitTicks, lots);
    } else if (kind === 'market') {
      limitTicks = isBuy ? Number.MAX_SAFE_INTEGER : 0;
    } else {
      throw new Error(`unknown order kind ${String(kind)}`);
    }

    const opposite = isBuy ? this.asks : this.bids;
    const fills: Fill[] = [];
    const expired: ExpiredMaker[] = [];
    let remaining = lots;
    while (remaining > 0) {
      const level = opposite.best();
      if (level === undefined) break;
      const priceTicks = level.priceTicks;
      if (isBuy ? priceTicks > limitTicks : priceTicks < limitTicks) break;
      opposite.touch(level);
      let maker = level.head;
      while (maker !== null && remaining > 0) {
        const next = maker.next;
        if (maker.userId === userId) {
          expired.push({ orderId: maker.id, userId, side: maker.side, priceTicks, remainingLots: maker.lots });
          level.unlink(maker);
          this.orders.delete(maker.id);
        } else {
          const take = maker.lots < remaining ? maker.lots : remaining;
          const makerLeft = maker.lots - take;
          remaining -= take;
          maker.lots = makerLeft;
          level.totalLots -= take;
          fills.push({
            makerOrderId: maker.id, makerUserId: maker.userId, takerOrderId: id, takerUserId: userId, takerSide: side,
            priceTicks, lots: take, makerRemainingLots: makerLeft,
          });
          if (makerLeft === 0) {
            level.unlink(maker);
            this.orders.delete(maker.id);
          }
        }
        maker = next;
      }
      if (level.count === 0) opposite.release(level);
    }

    let rested = false;
    if (remaining > 0 && kind === 'limit') {
      this.rest(isBuy ? this.bids : this.asks, id, userId, side, limitTicks, remaining);
      rested = true;
    }
    return { fills, remainingLots: remaining, rested, expired };
  }

  cancel(orderId: number): CancelResult | null {
    const node = this.orders.get(orderId);
    if (node === undefined) return null;
    const level = node.level;
    const bookSide = node.side === 'buy' ? this.bids : this.asks;
    const result: CancelResult = { id: node.id, userId: node.userId, side: node.side, priceTicks: level.priceTicks, lots: node.lots };
    level.unlink(node);
    this.orders.delete(orderId);
    bookSide.touch(level);
    if (level.count === 0) bookSide.release(level);
    return result;
  }

  /**
   * Rebuild after a restart: appends at its price level, behind what is already there, without
   * matching. A restored order that would cross the book means the stored state is inconsistent, so
   * it throws rather than hide it.
   */
  restore(order: RestingOrder): void {
    const { id, userId, side, priceTicks, lots } = order;
    checkOrderIds(id, userId);
    if (this.orders.has(id)) throw new Error(`order ${id} is already on the ${this.symbol} book`);
    checkSide(side);
    checkPositive('lots', lots);
    checkPositive('priceTicks', priceTicks);
    const isBuy = side === 'buy';
    const opposite = (isBuy ? this.asks : this.bids).best();
    if (opposite !== undefined && (isBuy ? priceTicks >= opposite.priceTicks : priceTicks <= opposite.priceTicks)) {
      throw new Error(`restoring order ${id} at ${priceTicks} would cross the ${this.symbol} book at ${opposite.priceTicks}`);
    }
    const bookSide = isBuy ? this.bids : this.asks;
    checkLevelRoom(bookSide, priceTicks, lots);
    this.rest(bookSide, id, userId, side, priceTicks, lots);
  }

  get(orderId: number): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    return node === undefined ? undefined : toResting(node);
  }

  bestBid(): number | null {
    return this.bids.best()?.priceTicks ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.priceTicks ?? null;
  }

  /** Aggregated levels, best first, at most `levels` per side. */
  depth(levels: number): Depth {
    return { bids: this.bids.depth(levels), asks: this.asks.depth(levels) };
  }

  /**
   * The levels a market order of `lots` on `side` would walk (the asks for a buy), aggregated, best
   * first, until their lots reach `lots` (the last may hold more): what the house prices a deal of
   * that size at, without copying the book. `excludeUserId`'s own orders are not depth: a user's
   * resting order must not set the price the house deals with that same user.
   */
  levelsUpTo(side: Side, lots: number, excludeUserId?: number): DepthLevel[] {
    checkSide(side);
    const out: DepthLevel[] = [];
    const levels = (side === 'buy' ? this.asks : this.bids).levels;
    let covered = 0;
    for (let i = levels.length - 1; i >= 0 && covered < lots; i--) {
      const level = levels[i] as PriceLevel;
      const available = excludeUserId === undefined ? level.totalLots : lotsOfOthers(level, excludeUserId);
      if (available === 0) continue;
      out.push([level.priceTicks, available]);
      covered += available;
    }
    return out;
  }

  /**
   * What a market order of `lots` on `side` would fill against the book now — to size a market
   * buy's hold. Pass the taker's user id as `excludeUserId` so that the user's own resting orders,
   * which self-trade prevention would expire instead of filling, are skipped exactly as place() will.
   */
  quoteMarket(side: Side, lots: number, excludeUserId?: number): MarketQuote {
    checkSide(side);
    if (!Number.isSafeInteger(lots)) throw new Error(`lots ${String(lots)} is not a safe integer`);
    let remaining = lots > 0 ? lots : 0;
    let notional = 0n;
    const levels = (side === 'buy' ? this.asks : this.bids).levels;
    for (let i = levels.length - 1; i >= 0 && remaining > 0; i--) {
      const level = levels[i] as PriceLevel;
      const available = excludeUserId === undefined ? level.totalLots : lotsOfOthers(level, excludeUserId);
      const take = available < remaining ? available : remaining;
      notional += BigInt(level.priceTicks) * BigInt(take);
      remaining -= take;
    }
    return { lots: (lots > 0 ? lots : 0) - remaining, notional };
  }

  /**
   * The most lots a market order on `side` could fill now for at most `maxNotional` (sum of
   * priceTicks * lots) — for a market buy given as an amount of quote currency.
   */
  quoteMarketWithin(side: Side, maxNotional: bigint, excludeUserId?: number): MarketQuote {
    checkSide(side);
    let budget = maxNotional > 0n ? maxNotional : 0n;
    let lots = 0;
    let notional = 0n;
    const levels = (side === 'buy' ? this.asks : this.bids).levels;
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i] as PriceLevel;
      const price = BigInt(level.priceTicks);
      const available = BigInt(excludeUserId === undefined ? level.totalLots : lotsOfOthers(level, excludeUserId));
      const affordable = budget / price;
      const take = available < affordable ? available : affordable;
      lots += Number(take);
      notional += take * price;
      budget -= take * price;
      if (take < available) break;
    }
    return { lots, notional };
  }

  /** Levels changed since the last call, per side, best first, with their lots now (0 = gone). */
  takeDepthChanges(): Depth {
    return { bids: this.bids.takeChanges(), asks: this.asks.takeChanges() };
  }

  /** The resting orders of one side in priority order (best price first, oldest first) — snapshots and checks. */
  restingOrders(side: Side): RestingOrder[] {
    checkSide(side);
    const out: RestingOrder[] = [];
    const levels = (side === 'buy' ? this.bids : this.asks).levels;
    for (let i = levels.length - 1; i >= 0; i--) {
      for (let node = (levels[i] as PriceLevel).head; node !== null; node = node.next) out.push(toResting(node));
    }
    return out;
  }

  private rest(bookSide: BookSide, id: number, userId: number, side: Side, priceTicks: number, lots: number): void {
    const level = bookSide.levelFor(priceTicks);
    const node = new OrderNode(id, userId, side, lots, level);
    level.append(node);
    this.orders.set(id, node);
    bookSide.touch(level);
  }
}

function toResting(node: OrderNode): RestingOrder {
  return { id: node.id, userId: node.userId, side: node.side, priceTicks: node.level.priceTicks, lots: node.lots };
}

function lotsOfOthers(level: PriceLevel, userId: number): number {
  let lots = 0;
  for (let node = level.head; node !== null; node = node.next) if (node.userId !== userId) lots += node.lots;
  return lots;
}

function checkOrderIds(id: number, userId: number): void {
  if (!Number.isSafeInteger(id)) throw new Error(`order id ${String(id)} is not a safe integer`);
  if (!Number.isSafeInteger(userId)) throw new Error(`user id ${String(userId)} is not a safe integer`);
}

function checkSide(side: Side): void {
  if (side !== 'buy' && side !== 'sell') throw new Error(`unknown side ${String(side)}`);
}

function checkPositive(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} ${String(value)} is not a positive safe integer`);
}

/** A level's aggregate must stay a safe integer, or depth would silently lose lots. */
function checkLevelRoom(bookSide: BookSide, priceTicks: number, lots: number): void {
  const level = bookSide.level(priceTicks);
  if (level !== undefined && !Number.isSafeInteger(level.totalLots + lots)) {
    throw new Error(`level ${priceTicks} would exceed the safe integer range`);
  }
}
