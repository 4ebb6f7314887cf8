import { describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../../contract/api/market.ts';
import { fundsAsOf, reduceSpotAccount, SPOT_ACCOUNT_UNKNOWN, type SpotAccountEvent, type SpotAccountState } from './spot-account-state.ts';

const PAIR = 'BTC/USDT';
const order = (id: number, state: SpotOrder['state'], symbol = PAIR) => ({ id, symbol, state }) as SpotOrder;
const read = (available: string, asOf: number): SpotAccountEvent => ({
  type: 'funds-read',
  accounts: [
    { account: 'legal', balances: [{ currency_id: 1, currency: 'USDT', image: '', available: '999', frozen: '0', converted: '999' }] },
    { account: 'change', balances: [{ currency_id: 1, currency: 'USDT', image: '', available, frozen: '0', converted: available }] },
  ],
  asOf,
});
const balances = (available: string) => [
  { account: 'change', currency_id: 1, currency: 'USDT', available, frozen: '0' },
  { account: 'lever', currency_id: 1, currency: 'USDT', available: '999', frozen: '0' },
];
const snapshot = (available: string, now: number, live = true, orders: SpotOrder[] = []): SpotAccountEvent => ({
  type: 'snapshot',
  symbol: PAIR,
  orders,
  balances: balances(available),
  live,
  now,
});
const message = (available: string, now: number, orders: SpotOrder[] = []): SpotAccountEvent => ({ type: 'message', symbol: PAIR, orders, balances: balances(available), now });
const stopped = (now: number): SpotAccountEvent => ({ type: 'stopped', now });
const READING: SpotAccountEvent = { type: 'reading' };

const run = (events: SpotAccountEvent[], from: SpotAccountState = SPOT_ACCOUNT_UNKNOWN) => events.reduce(reduceSpotAccount, from);
const available = (state: SpotAccountState) => state.funds?.get(1)?.available;

describe('an HTTP answer and the stream', () => {
  it('takes the coin account of an answer, dated by the server', () => {
    const state = run([READING, read('5', 1_000)]);
    expect(available(state)).toBe('5');
    expect(fundsAsOf(state)).toBe(1_000);
  });

  it('drops an answer whose read started before the stream spoke', () => {
    const state = run([READING, snapshot('7', 50), read('5', 1_000)]);
    expect(available(state)).toBe('7');
  });

  it('takes an answer whose read started after the stream last spoke', () => {
    const state = run([READING, read('5', 1_000), message('6', 1_500), stopped(1_600), READING, read('8', 2_000)]);
    expect(available(state)).toBe('8');
    expect(fundsAsOf(state)).toBe(2_000);
  });

  it('drops an answer no newer than one the stream has spoken after (the offline copy on a pair change)', () => {
    const yesterday = 1_000;
    const state = run([READING, read('5', yesterday), snapshot('7', 2_000), message('9', 2_500), stopped(3_000), READING, read('5', yesterday)]);
    expect(available(state)).toBe('9');
    expect(fundsAsOf(state)).toBe(3_000);
  });

  it('remembers the server time of an answer it dropped, so a copy of it is dropped too', () => {
    const state = run([READING, snapshot('7', 50), read('5', 1_000), stopped(1_200), READING, read('5', 1_000)]);
    expect(available(state)).toBe('7');
    expect(run([READING, read('8', 1_001)], state).funds?.get(1)?.available).toBe('8');
  });

  it('takes every answer while the stream is silent, even one served in the same second (a reload after a submit)', () => {
    const state = run([READING, read('5', 1_000), READING, read('4', 1_000)]);
    expect(available(state)).toBe('4');
  });

  it('drops a stale read, and takes the next, for the open orders just as for the balances', () => {
    const open = { type: 'orders-read', orders: [order(1, 'open')] } as const;
    const afterFill = run([READING, snapshot('7', 50), open]);
    expect(afterFill.openOrders).toEqual([]);
    expect(run([READING, open], afterFill).openOrders).toEqual([order(1, 'open')]);
  });
});

describe('dating the balances', () => {
  it('does not date them while the stream is live, and dates them by the moment it stops', () => {
    const live = run([READING, read('5', 1_000), snapshot('7', 2_000), message('8', 2_500)]);
    expect(fundsAsOf(live)).toBeNull();
    expect(fundsAsOf(run([stopped(3_000)], live))).toBe(3_000);
  });

  it('keeps the first drop as the date when the socket goes from reconnecting to offline', () => {
    const state = run([snapshot('7', 2_000), stopped(3_000), stopped(4_000)]);
    expect(fundsAsOf(state)).toBe(3_000);
  });

  it('takes a snapshot held from before the drop but keeps it dated and not live', () => {
    const state = run([snapshot('7', 2_000), stopped(3_000), snapshot('8', 9_000, false)]);
    expect(available(state)).toBe('8');
    expect(state.streaming).toBe(false);
    expect(fundsAsOf(state)).toBe(3_000);
  });

  it('dates them by the last live message when a held snapshot comes before the drop is heard', () => {
    const state = run([snapshot('7', 2_000), message('8', 2_500), snapshot('9', 9_000, false)]);
    expect(fundsAsOf(state)).toBe(2_500);
  });

  it('dates messages held from before the drop by the drop, not by when they were shown', () => {
    const state = run([snapshot('7', 2_000), stopped(3_000), message('8', 9_000)]);
    expect(available(state)).toBe('8');
    expect(fundsAsOf(state)).toBe(3_000);
  });

  it('takes only the coin account from the stream', () => {
    const state = run([snapshot('7', 2_000)]);
    expect([...state.funds!.keys()]).toEqual([1]);
  });

  it('forgets the balances and the orders on sign-out', () => {
    const state = run([READING, read('5', 1_000), snapshot('7', 2_000, true, [order(1, 'open')]), { type: 'signed-out' }]);
    expect(state.funds).toBeNull();
    expect(state.openOrders).toBeNull();
    expect(state.streaming).toBe(false);
  });
});

describe('the open orders', () => {
  it("replaces the pair's list with a snapshot's, newest first", () => {
    const state = run([
      { type: 'orders-read', orders: [order(1, 'open')] },
      snapshot('7', 2_000, true, [order(2, 'open'), order(3, 'partial'), order(4, 'open', 'ETH/USDT')]),
    ]);
    expect(state.openOrders?.map((o) => o.id)).toEqual([3, 2]);
  });

  it('keeps the ones a message or an answer leaves open and removes the ones that finished', () => {
    const state = run([
      snapshot('7', 2_000, true, [order(1, 'open'), order(2, 'open')]),
      message('7', 2_500, [order(1, 'filled'), order(3, 'open')]),
      { type: 'upsert', symbol: PAIR, order: order(2, 'cancelled') },
      { type: 'upsert', symbol: PAIR, order: order(4, 'open') },
    ]);
    expect(state.openOrders?.map((o) => o.id)).toEqual([4, 3]);
  });

  it('shows none when the read fails before any were known, and keeps those known when it fails later', () => {
    expect(run([READING, { type: 'orders-failed' }]).openOrders).toEqual([]);
    expect(run([snapshot('7', 2_000, true, [order(1, 'open')]), { type: 'orders-failed' }]).openOrders).toEqual([order(1, 'open')]);
  });
});
