import { useCallback, useEffect, useReducer, useState } from 'preact/hooks';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SpotOrder } from '../../../contract/api/market.ts';
import { fetchOrders } from '../../api/spot.ts';
import { fetchOverviewServed } from '../../api/wallet.ts';
import { holdStream } from '../../realtime/live.ts';
import { $socketStatus } from '../../stores/socket-status.ts';
import { showToast } from '../../stores/toast.ts';
import { fundsAsOf, reduceSpotAccount, SPOT_ACCOUNT_UNKNOWN, type Funds } from './spot-account-state.ts';

const OPEN_LIMIT = 50;

export interface SpotAccountView {
  /** By currency id; null until known. */
  funds: ReadonlyMap<number, Funds> | null;
  /**
   * When `funds` were last known current, or null while the private stream keeps them current: the
   * server's time of an HTTP answer (an offline copy's is old), or the moment the stream stopped.
   */
  fundsAsOf: number | null;
  /** The pair's open orders, newest first; null until known. */
  openOrders: SpotOrder[] | null;
  /** Reads both again over HTTP (after a submit or cancel, in case the stream is down). */
  reload: () => void;
  /** Takes an order the server just answered with. */
  upsert: (order: SpotOrder) => void;
}

/**
 * The signed-in user's spot balances and open orders of one pair: over HTTP first, then live from
 * the private channel (joined with the session token). A fill of one of the pair's orders is
 * announced. Which of the answers and messages win, and when the balances are dated, is decided in
 * spot-account-state.ts; this hook reads, listens and passes on what happened, in order.
 */
export function useSpotAccount(symbol: string, token: string): SpotAccountView {
  const [state, dispatch] = useReducer(reduceSpotAccount, SPOT_ACCOUNT_UNKNOWN);
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    if (!token) return;
    // Only this read's answers are passed on: the reducer compares them with what the stream said since it started.
    let current = true;
    dispatch({ type: 'reading' });
    fetchOverviewServed().then(
      ({ data, asOf }) => current && dispatch({ type: 'funds-read', accounts: data.accounts, asOf }),
      () => undefined,
    );
    fetchOrders({ status: 'open', symbol, page: 1, limit: OPEN_LIMIT }).then(
      ({ data: page }) => current && dispatch({ type: 'orders-read', orders: page.data }),
      () => current && dispatch({ type: 'orders-failed' }),
    );
    return () => {
      current = false;
    };
  }, [symbol, token, nonce]);

  useEffect(() => {
    if (!token) {
      dispatch({ type: 'signed-out' });
      return;
    }
    const stopWatching = $socketStatus.listen((status) => status !== 'live' && dispatch({ type: 'stopped', now: Date.now() }));
    const stopStream = holdStream(
      { stream: 'user', token },
      {
        snapshot: ({ orders, balances }) =>
          dispatch({ type: 'snapshot', symbol, orders, balances, live: $socketStatus.get() === 'live', now: Date.now() }),
        message: ({ orders, balances }) => {
          dispatch({ type: 'message', symbol, orders, balances, now: Date.now() });
          if (orders.some((o) => o.symbol === symbol && o.state === 'filled')) showToast(i18n._(msg`Order filled`), 'success');
        },
        // A hidden page shown after a drop gets what it held, then this: a snapshot from before the
        // drop, shown once the socket is live again, must not stay undated until the fresh one.
        stopped: () => dispatch({ type: 'stopped', now: Date.now() }),
      },
    );
    return () => {
      stopWatching();
      stopStream();
      dispatch({ type: 'stopped', now: Date.now() });
    };
  }, [symbol, token]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const upsert = useCallback((order: SpotOrder) => dispatch({ type: 'upsert', symbol, order }), [symbol]);
  return { funds: state.funds, fundsAsOf: fundsAsOf(state), openOrders: state.openOrders, reload, upsert };
}
