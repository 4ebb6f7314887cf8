import type { Depth, DepthLevel, ExpiredMaker, Fill, NewOrder, PlaceResult, RestingOrder, Side } from './matching-types.ts';

interface NaiveOrder extends RestingOrder {
  /** Arrival order: time priority. */
  seq: number;
}

/**
 * The reference the property tests hold OrderBook to: the rules written as plainly as possible, one
 * array and a full scan per step, with no concern for speed. Test support only; nothing in
 * production imports it.
 */
export class NaiveOrderBook {
  private orders: NaiveOrder[] = [];
  private seq = 0;

  get size(): number {
    return this.orders.length;
  }

  place(order: NewOrder): PlaceResult {
    const fills: Fill[] = [];
    const expired: ExpiredMaker[] = [];
    let remaining = order.lots;
    while (remaining > 0) {
      const maker = this.bestMaker(order);
      if (maker === undefined) break;
      if (maker.userId === order.userId) {
        expired.push({ orderId: maker.id, userId: maker.userId, side: maker.side, priceTicks: maker.priceTicks, remainingLots: maker.lots });
        this.drop(maker.id);
        continue;
      }
      const lots = Math.min(maker.lots, remaining);
      maker.lots -= lots;
      remaining -= lots;
      fills.push({
        makerOrderId: maker.id, makerUserId: maker.userId, takerOrderId: order.id, takerUserId: order.userId,
        takerSide: order.side, priceTicks: maker.priceTicks, lots, makerRemainingLots: maker.lots,
      });
      if (maker.lots === 0) this.drop(maker.id);
    }
    const rested = remaining > 0 && order.kind === 'limit';
    if (rested) this.restore({ id: order.id, userId: order.userId, side: order.side, priceTicks: order.priceTicks, lots: remaining });
    return { fills, remainingLots: remaining, rested, expired };
  }

  cancel(orderId: number): RestingOrder | null {
    const order = this.orders.find((o) => o.id === orderId);
    if (order === undefined) return null;
    this.drop(orderId);
    return plain(order);
  }

  restore(order: RestingOrder): void {
    this.orders.push({ ...order, seq: this.seq++ });
  }

  get(orderId: number): RestingOrder | undefined {
    const order = this.orders.find((o) => o.id === orderId);
    return order === undefined ? undefined : plain(order);
  }

  bestBid(): number | null {
    const prices = this.orders.filter((o) => o.side === 'buy').map((o) => o.priceTicks);
    return prices.length === 0 ? null : Math.max(...prices);
  }

  bestAsk(): number | null {
    const prices = this.orders.filter((o) => o.side === 'sell').map((o) => o.priceTicks);
    return prices.length === 0 ? null : Math.min(...prices);
  }

  depth(levels: number): Depth {
    return { bids: this.aggregate('buy').slice(0, levels), asks: this.aggregate('sell').slice(0, levels) };
  }

  restingOrders(side: Side): RestingOrder[] {
    return this.orders.filter((o) => o.side === side).sort((a, b) => better(side, a, b)).map(plain);
  }

  /** The resting order a taker meets first: the best opposite price that crosses, the oldest there. */
  private bestMaker(taker: NewOrder): NaiveOrder | undefined {
    const side: Side = taker.side === 'buy' ? 'sell' : 'buy';
    const crosses = (o: NaiveOrder): boolean =>
      taker.kind === 'market' || (taker.side === 'buy' ? o.priceTicks <= taker.priceTicks : o.priceTicks >= taker.priceTicks);
    let best: NaiveOrder | undefined;
    for (const o of this.orders) if (o.side === side && crosses(o) && (best === undefined || better(side, o, best) < 0)) best = o;
    return best;
  }

  private aggregate(side: Side): DepthLevel[] {
    const lotsByPrice = new Map<number, number>();
    for (const o of this.orders) if (o.side === side) lotsByPrice.set(o.priceTicks, (lotsByPrice.get(o.priceTicks) ?? 0) + o.lots);
    return [...lotsByPrice].sort((a, b) => (side === 'buy' ? b[0] - a[0] : a[0] - b[0]));
  }

  private drop(orderId: number): void {
    this.orders = this.orders.filter((o) => o.id !== orderId);
  }
}

/** Sort comparator: better price first, then older. */
function better(side: Side, a: NaiveOrder, b: NaiveOrder): number {
  if (a.priceTicks !== b.priceTicks) return side === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks;
  return a.seq - b.seq;
}

function plain(order: NaiveOrder): RestingOrder {
  return { id: order.id, userId: order.userId, side: order.side, priceTicks: order.priceTicks, lots: order.lots };
}
