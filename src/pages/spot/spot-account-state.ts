import type { SpotOrder } from '../../../contract/api/market.ts';
import type { FundAccountView } from '../../../contract/api/wallet.ts';
import type { UserBalanceChange } from '../../../contract/socket-events.ts';

/**
 * The coin trading screen's balances and open orders of one pair, from HTTP answers and the private
 * `user` stream. Pure: the hook (spot-account.ts) reads, listens and dispatches; times come in
 * with the events. The rules:
 * - An HTTP answer is dropped when the stream spoke while it was on its way: the stream is at least
 *   as new (its time is the phone's, the answer's the server's, so they are not compared). So is one
 *   no newer, by the server's time, than an answer the stream has spoken after, such as the worker's
 *   offline copy when the pair changes offline. While the stream is silent, every answer is taken.
 * - The balances are dated only while the stream is not live: a live snapshot undates them, the
 *   stream stopping (socket drop, pair change) dates them by that moment, and messages a hidden page
 *   held from before the drop are taken but dated by the drop and do not make the stream live.
 */

/** Spot orders and their funds live in the coin ("change") account. */
export const SPOT_ACCOUNT = 'change';

export interface Funds {
  available: string;
  frozen: string;
}

export interface SpotAccountState {
  /** By currency id; null until known. */
  funds: ReadonlyMap<number, Funds> | null;
  /** When `funds` were last known current: an answer's server time, a live message's arrival, or when the stream stopped. */
  asOf: number;
  /** The pair's open orders, newest first; null until known. */
  openOrders: SpotOrder[] | null;
  /** The private stream has given its snapshot and the socket has stayed live since. */
  streaming: boolean;
  /** Counts what the stream said, so an HTTP answer can tell whether it spoke meanwhile. */
  spoke: number;
  /** `spoke` when the HTTP read now on its way started. */
  readFrom: number;
  /**
   * The newest server time of an HTTP answer the stream has said something after (it has if `spoke`
   * moved on from `spokeAt`, the count when an answer was last taken).
   */
  outdated: { asOf: number; spokeAt: number };
}

export type SpotAccountEvent =
  /** The hook starts reading both over HTTP (it drops the answers of any earlier read). */
  | { type: 'reading' }
  | { type: 'funds-read'; accounts: readonly Pick<FundAccountView, 'account' | 'balances'>[]; asOf: number }
  | { type: 'orders-read'; orders: readonly SpotOrder[] }
  | { type: 'orders-failed' }
  /** `live`: the socket was live when it came (a hidden page may show one held from before a drop). */
  | { type: 'snapshot'; symbol: string; orders: readonly SpotOrder[]; balances: readonly UserBalanceChange[]; live: boolean; now: number }
  | { type: 'message'; symbol: string; orders: readonly SpotOrder[]; balances: readonly UserBalanceChange[]; now: number }
  /** The socket left 'live', or the hook let go of the stream (pair change, sign-out, unmount). */
  | { type: 'stopped'; now: number }
  | { type: 'signed-out' }
  /** An order the server just answered a submit or cancel with. */
  | { type: 'upsert'; symbol: string; order: SpotOrder };

export const SPOT_ACCOUNT_UNKNOWN: SpotAccountState = {
  funds: null,
  asOf: 0,
  openOrders: null,
  streaming: false,
  spoke: 0,
  readFrom: 0,
  outdated: { asOf: 0, spokeAt: 0 },
};

/** When the balances were last known current, or null while the live stream keeps them current. */
export const fundsAsOf = (state: SpotAccountState): number | null => (state.streaming ? null : state.asOf);

const isOpen = (o: SpotOrder) => o.state === 'open' || o.state === 'partial';
const newestFirst = (a: SpotOrder, b: SpotOrder) => b.id - a.id;

function withOrders(current: readonly SpotOrder[] | null, changes: readonly SpotOrder[], symbol: string): SpotOrder[] {
  const byId = new Map((current ?? []).map((o) => [o.id, o]));
  for (const o of changes) {
    if (o.symbol !== symbol) continue;
    if (isOpen(o)) byId.set(o.id, o);
    else byId.delete(o.id);
  }
  return [...byId.values()].sort(newestFirst);
}

function withFunds(current: ReadonlyMap<number, Funds> | null, changes: readonly UserBalanceChange[]): ReadonlyMap<number, Funds> {
  const next = new Map(current ?? []);
  for (const b of changes) if (b.account === SPOT_ACCOUNT) next.set(b.currency_id, { available: b.available, frozen: b.frozen });
  return next;
}

function fundsRead(state: SpotAccountState, accounts: readonly Pick<FundAccountView, 'account' | 'balances'>[], asOf: number): SpotAccountState {
  const { outdated } = state;
  if (state.spoke !== state.readFrom) {
    // The stream is at least as new as this answer, and as any copy of it.
    return asOf > outdated.asOf ? { ...state, outdated: { ...outdated, asOf } } : state;
  }
  if (state.spoke !== outdated.spokeAt && asOf <= outdated.asOf) return state;
  const balances = accounts.find((a) => a.account === SPOT_ACCOUNT)?.balances ?? [];
  return {
    ...state,
    funds: new Map(balances.map((b) => [b.currency_id, { available: b.available, frozen: b.frozen }])),
    asOf,
    outdated: { asOf: Math.max(outdated.asOf, asOf), spokeAt: state.spoke },
  };
}

export function reduceSpotAccount(state: SpotAccountState, event: SpotAccountEvent): SpotAccountState {
  switch (event.type) {
    case 'reading':
      return state.readFrom === state.spoke ? state : { ...state, readFrom: state.spoke };
    case 'funds-read':
      return fundsRead(state, event.accounts, event.asOf);
    case 'orders-read':
      // Dropped, as the balances are, when the stream spoke meanwhile (a fill would come back as open).
      return state.spoke === state.readFrom ? { ...state, openOrders: event.orders.filter(isOpen).sort(newestFirst) } : state;
    case 'orders-failed':
      return state.openOrders ? state : { ...state, openOrders: [] };
    case 'snapshot':
      return {
        ...state,
        spoke: state.spoke + 1,
        streaming: event.live,
        funds: withFunds(state.funds, event.balances),
        asOf: event.live ? event.now : state.asOf,
        // The snapshot holds every open order: it replaces the pair's list.
        openOrders: withOrders([], event.orders, event.symbol),
      };
    case 'message':
      return {
        ...state,
        spoke: state.spoke + 1,
        funds: withFunds(state.funds, event.balances),
        // Held while hidden and shown after the drop, it is no newer than the drop.
        asOf: state.streaming ? event.now : state.asOf,
        openOrders: withOrders(state.openOrders, event.orders, event.symbol),
      };
    case 'stopped':
      // Live until now: dated now (so no old "As of" flashes while a pair change re-subscribes).
      return state.streaming ? { ...state, streaming: false, asOf: event.now } : state;
    case 'signed-out':
      return { ...state, funds: null, asOf: 0, openOrders: null, streaming: false };
    case 'upsert':
      return { ...state, openOrders: withOrders(state.openOrders, [event.order], event.symbol) };
  }
}
