import { describe, expect, it } from 'vitest';
import { OrderBook, type NewOrder } from './order-book.ts';

const limit = (id: number, userId: number, side: 'buy' | 'sell', priceTicks: number, lots: number): NewOrder =>
  ({ id, userId, side, kind: 'limit', priceTicks, lots });
const market = (id: number, userId: number, side: 'buy' | 'sell', lots: number): NewOrder =>
  ({ id, userId, side, kind: 'market', priceTicks: 0, lots });

describe('OrderBook: hand examples', () => {
  it('rests a limit order that does not cross, and reports the level', () => {
    const book = new OrderBook('BTCUSDT');
    expect(book.place(limit(1, 10, 'buy', 100, 5))).toEqual({ fills: [], remainingLots: 5, rested: true, expired: [] });
    expect(book.place(limit(2, 11, 'sell', 101, 3))).toMatchObject({ fills: [], rested: true });
    expect([book.bestBid(), book.bestAsk(), book.size]).toEqual([100, 101, 2]);
    expect(book.get(1)).toEqual({ id: 1, userId: 10, side: 'buy', priceTicks: 100, lots: 5 });
    expect(book.depth(10)).toEqual({ bids: [[100, 5]], asks: [[101, 3]] });
  });

  it('reads the levels a taker of some lots would walk, skipping emptied levels, and no deeper', () => {
    const book = new OrderBook('BTCUSDT');
    for (const [id, price] of [[1, 101], [2, 102], [3, 103], [4, 104]] as const) book.place(limit(id, 10, 'sell', price, 2));
    book.place(limit(5, 10, 'sell', 102, 1));
    book.cancel(2);
    book.cancel(5);
    expect(book.levelsUpTo('buy', 3)).toEqual([[101, 2], [103, 2]]);
    expect(book.levelsUpTo('buy', 2)).toEqual([[101, 2]]);
    expect(book.levelsUpTo('buy', 99)).toEqual([[101, 2], [103, 2], [104, 2]]);
    expect(book.levelsUpTo('sell', 5)).toEqual([]);
  });

  it("leaves a user's own orders out of the levels walked for that user's deal", () => {
    const book = new OrderBook('BTCUSDT');
    book.place(limit(1, 7, 'sell', 101, 2));
    book.place(limit(2, 10, 'sell', 102, 1));
    book.place(limit(3, 7, 'sell', 102, 3));
    book.place(limit(4, 10, 'sell', 103, 2));
    expect(book.levelsUpTo('buy', 4, 7)).toEqual([[102, 1], [103, 2]]);
    expect(book.levelsUpTo('buy', 4)).toEqual([[101, 2], [102, 4]]);
  });

  it('partially fills a maker, then partially fills a taker whose remainder rests at its own price', () => {
    const book = new OrderBook('BTCUSDT');
    book.place(limit(1, 10, 'sell', 100, 10));
    const first = book.place(limit(2, 11, 'buy', 105, 4));
    expect(first).toEqual({
      fills: [{ makerOrderId: 1, makerUserId: 10, takerOrderId: 2, takerUserId: 11, takerSide: 'buy', priceTicks: 100, lots: 4, makerRemainingLots: 6 }],
      remainingLots: 0, rested: false, expired: [],
    });
    expect(book.get(1)?.lots).toBe(6);
    const second = book.place(limit(3, 12, 'buy', 101, 9));
    expect(second.fills.map((f) => [f.makerOrderId, f.lots, f.makerRemainingLots])).toEqual([[1, 6, 0]]);
    expect(second).toMatchObject({ remainingLots: 3, rested: true });
    expect(book.get(1)).toBeUndefined();
    expect(book.depth(5)).toEqual({ bids: [[101, 3]], asks: [] });
  });

  it('fills the oldest order first at one price level', () => {
    const book = new OrderBook('BTCUSDT');
    book.place(limit(1, 10, 'buy', 50, 2));
    book.place(limit(2, 11, 'buy', 50, 2));
    book.place(limit(3, 12, 'buy', 50, 2));
    const result = book.place(limit(4, 13, 'sell', 50, 3));
    expect(result.fills.map((f) => [f.makerOrderId, f.lots])).toEqual([[1, 2], [2, 1]]);
    expect(book.restingOrders('buy').map((o) => [o.id, o.lots])).toEqual([[2, 1], [3, 2]]);
  });

  it('sweeps several levels best first, each fill at the maker price, and stops at the limit', () => {
    const book = new OrderBook('ETHUSDT');
    book.place(limit(1, 10, 'sell', 103, 1));
    book.place(limit(2, 10, 'sell', 101, 1));
    book.place(limit(3, 11, 'sell', 102, 2));
    book.place(limit(4, 12, 'sell', 101, 1));
    const result = book.place(limit(5, 13, 'buy', 102, 10));
    expect(result.fills.map((f) => [f.makerOrderId, f.priceTicks, f.lots])).toEqual([[2, 101, 1], [4, 101, 1], [3, 102, 2]]);
    expect(result).toMatchObject({ remainingLots: 6, rested: true });
    expect(book.depth(10)).toEqual({ bids: [[102, 6]], asks: [[103, 1]] });
  });

  it('drops what a market order cannot fill and never rests it', () => {
    const book = new OrderBook('ETHUSDT');
    book.place(limit(1, 10, 'buy', 99, 2));
    book.place(limit(2, 10, 'buy', 98, 3));
    const result = book.place(market(3, 11, 'sell', 8));
    expect(result.fills.map((f) => [f.priceTicks, f.lots])).toEqual([[99, 2], [98, 3]]);
    expect(result).toMatchObject({ remainingLots: 3, rested: false, expired: [] });
    expect([book.size, book.bestBid(), book.get(3)]).toEqual([0, null, undefined]);
    expect(book.place(market(4, 11, 'buy', 1))).toEqual({ fills: [], remainingLots: 1, rested: false, expired: [] });
  });

  it('cancels what is left of a partially filled order, once', () => {
    const book = new OrderBook('ETHUSDT');
    book.place(limit(1, 10, 'sell', 200, 10));
    book.place(market(2, 11, 'buy', 4));
    expect(book.cancel(1)).toEqual({ id: 1, userId: 10, side: 'sell', priceTicks: 200, lots: 6 });
    expect(book.cancel(1)).toBeNull();
    expect(book.cancel(999)).toBeNull();
    expect([book.size, book.bestAsk(), book.depth(5)]).toEqual([0, null, { bids: [], asks: [] }]);
  });

  it('expires the taker user’s own resting orders instead of trading with them, and matches on past them', () => {
    const book = new OrderBook('BTCUSDT');
    book.place(limit(1, 10, 'sell', 100, 2));
    book.place(limit(2, 20, 'sell', 100, 3));
    book.place(limit(3, 10, 'sell', 101, 4));
    book.place(limit(4, 30, 'sell', 102, 5));
    const result = book.place(limit(5, 10, 'buy', 101, 6));
    expect(result.expired).toEqual([
      { orderId: 1, userId: 10, side: 'sell', priceTicks: 100, remainingLots: 2 },
      { orderId: 3, userId: 10, side: 'sell', priceTicks: 101, remainingLots: 4 },
    ]);
    expect(result.fills.map((f) => [f.makerOrderId, f.lots])).toEqual([[2, 3]]);
    expect(result).toMatchObject({ remainingLots: 3, rested: true });
    expect(book.depth(5)).toEqual({ bids: [[101, 3]], asks: [[102, 5]] });
  });

  it('restores orders at their levels in call order, without matching', () => {
    const book = new OrderBook('BTCUSDT');
    book.restore({ id: 7, userId: 1, side: 'buy', priceTicks: 100, lots: 1 });
    book.restore({ id: 3, userId: 2, side: 'buy', priceTicks: 100, lots: 2 });
    book.restore({ id: 9, userId: 3, side: 'buy', priceTicks: 101, lots: 1 });
    book.restore({ id: 5, userId: 4, side: 'sell', priceTicks: 102, lots: 1 });
    expect(() => book.restore({ id: 6, userId: 4, side: 'sell', priceTicks: 101, lots: 1 })).toThrow(/cross/);
    expect(book.restingOrders('buy').map((o) => o.id)).toEqual([9, 7, 3]);
    book.place(limit(10, 5, 'sell', 100, 3));
    expect(book.restingOrders('buy')).toEqual([{ id: 3, userId: 2, side: 'buy', priceTicks: 100, lots: 1 }]);
  });

  it('quotes a market order from the book now, skipping the taker’s own orders when asked', () => {
    const book = new OrderBook('BTCUSDT');
    book.place(limit(1, 10, 'sell', 100, 2));
    book.place(limit(2, 20, 'sell', 100, 3));
    book.place(limit(3, 30, 'sell', 105, 4));
    expect(book.quoteMarket('buy', 6)).toEqual({ lots: 6, notional: 2n * 100n + 3n * 100n + 1n * 105n });
    expect(book.quoteMarket('buy', 20)).toEqual({ lots: 9, notional: 920n });
    expect(book.quoteMarket('sell', 5)).toEqual({ lots: 0, notional: 0n });
    expect(book.quoteMarket('buy', 6, 10)).toEqual({ lots: 6, notional: 3n * 100n + 3n * 105n });
    expect(book.quoteMarketWithin('buy', 719n)).toEqual({ lots: 7, notional: 710n });
    expect(book.quoteMarketWithin('buy', 10_000n, 10)).toEqual({ lots: 7, notional: 720n });
    // The quote is what place() then does.
    const placed = book.place(market(4, 10, 'buy', 6));
    expect(placed.fills.reduce((sum, f) => sum + BigInt(f.priceTicks) * BigInt(f.lots), 0n)).toBe(615n);
  });

  it('reports changed levels once, with 0 for a level that is gone', () => {
    const book = new OrderBook('BTCUSDT');
    book.place(limit(1, 10, 'sell', 100, 2));
    book.place(limit(2, 10, 'sell', 101, 2));
    book.place(limit(3, 10, 'buy', 99, 2));
    expect(book.takeDepthChanges()).toEqual({ bids: [[99, 2]], asks: [[100, 2], [101, 2]] });
    expect(book.takeDepthChanges()).toEqual({ bids: [], asks: [] });
    book.place(market(4, 11, 'buy', 3));
    expect(book.takeDepthChanges()).toEqual({ bids: [], asks: [[100, 0], [101, 1]] });
  });

  it('throws on programmer errors before changing anything', () => {
    const book = new OrderBook('BTCUSDT');
    book.place(limit(1, 10, 'sell', 100, 2));
    expect(() => book.place(limit(1, 11, 'buy', 100, 1))).toThrow(/already/);
    expect(() => book.place(limit(2, 11, 'buy', 100.5, 1))).toThrow(/priceTicks/);
    expect(() => book.place(limit(2, 11, 'buy', 100, 0))).toThrow(/lots/);
    expect(() => book.place(limit(2, 11, 'buy', 100, 2 ** 53))).toThrow(/lots/);
    expect(() => book.place(market(2.5, 11, 'buy', 1))).toThrow(/order id/);
    expect(() => book.place({ ...limit(2, 11, 'buy', 100, 1), side: 'hold' as 'buy' })).toThrow(/side/);
    expect(() => book.place({ ...limit(2, 11, 'buy', 100, 1), kind: 'stop' as 'limit' })).toThrow(/kind/);
    book.place(limit(3, 11, 'buy', 90, Number.MAX_SAFE_INTEGER - 1));
    expect(() => book.place(limit(4, 12, 'buy', 90, 2))).toThrow(/safe integer/);
    expect(book.restingOrders('sell')).toEqual([{ id: 1, userId: 10, side: 'sell', priceTicks: 100, lots: 2 }]);
    expect(book.size).toBe(2);
  });
});
