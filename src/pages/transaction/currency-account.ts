import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SpotOrder } from '../../../contract/api/market.ts';
import type { UserBalanceChange } from '../../../contract/socket-events.ts';
import { fetchOrders } from '../../api/spot.ts';
import { fetchOverviewServed } from '../../api/wallet.ts';
import { holdStream } from '../../realtime/live.ts';
import { $socketStatus } from '../../stores/socket-status.ts';
import { showToast } from '../../stores/toast.ts';

/** Spot orders and their funds live in the coin ("change") account. */
export const SPOT_ACCOUNT = 'change';
const OPEN_LIMIT = 50;

export interface Funds {
  available: string;
  frozen: string;
}

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

const isOpen = (o: SpotOrder) => o.state === 'open' || o.state === 'partial';
const newestFirst = (a: SpotOrder, b: SpotOrder) => b.id - a.id;

function withOrders(current: SpotOrder[] | null, changes: readonly SpotOrder[], symbol: string): SpotOrder[] {
  const byId = new Map((current ?? []).map((o) => [o.id, o]));
  for (const o of changes) {
    if (o.symbol !== symbol) continue;
    if (isOpen(o)) byId.set(o.id, o);
    else byId.delete(o.id);
  }
  return [...byId.values()].sort(newestFirst);
}

interface FundsAt {
  funds: ReadonlyMap<number, Funds> | null;
  asOf: number;
}

function withFunds(current: FundsAt, changes: readonly UserBalanceChange[], asOf: number): FundsAt {
  const next = new Map(current.funds ?? []);
  for (const b of changes) if (b.account === SPOT_ACCOUNT) next.set(b.currency_id, { available: b.available, frozen: b.frozen });
  return { funds: next, asOf };
}

/**
 * The signed-in user's spot balances and open orders of one pair: over HTTP first, then live from
 * the private channel (joined with the session token). A fill of one of the pair's orders is
 * announced. An HTTP answer is dropped when the stream spoke while it was on its way: the stream is
 * at least as new (and its time is the phone's, the answer's the server's, so they are not compared);
 * so is one no newer (by the server's time) than an answer the stream has spoken after, such as the
 * worker's offline copy when the pair changes offline. Stream messages a hidden page held from before
 * the socket dropped are taken, but dated by the drop, and do not count as a live stream.
 */
export function useSpotAccount(symbol: string, token: string): SpotAccountView {
  const [fundsAt, setFunds] = useState<FundsAt>({ funds: null, asOf: 0 });
  const [openOrders, setOpenOrders] = useState<SpotOrder[] | null>(null);
  const [nonce, setNonce] = useState(0);
  /** The private stream has given its snapshot and the socket has stayed live since. */
  const [streaming, setStreaming] = useState(false);
  const streamingNow = useRef(false);
  /** Counts what the stream said, so an HTTP answer can tell whether it spoke meanwhile. */
  const spoke = useRef(0);
  /**
   * The newest server time of an HTTP answer the stream has said something after: an answer no newer
   * than that (the worker's offline copy, say, when the pair changes offline) is older than the stream.
   */
  const outdated = useRef({ asOf: 0, spokeAt: 0 });

  useEffect(() => {
    if (!token) return;
    let current = true;
    const before = spoke.current;
    fetchOverviewServed().then(
      ({ data, asOf }) => {
        if (!current) return;
        const seen = outdated.current;
        if (spoke.current !== before) {
          // The stream is at least as new as this answer, and as any copy of it.
          seen.asOf = Math.max(seen.asOf, asOf);
          return;
        }
        if (spoke.current !== seen.spokeAt && asOf <= seen.asOf) return;
        outdated.current = { asOf: Math.max(seen.asOf, asOf), spokeAt: spoke.current };
        const balances = data.accounts.find((a) => a.account === SPOT_ACCOUNT)?.balances ?? [];
        setFunds({ funds: new Map(balances.map((b) => [b.currency_id, { available: b.available, frozen: b.frozen }])), asOf });
      },
      () => undefined,
    );
    fetchOrders({ status: 'open', symbol, page: 1, limit: OPEN_LIMIT }).then(
      // Dropped, as the balances are, when the stream spoke meanwhile (a fill would come back as open).
      ({ data: page }) => current && spoke.current === before && setOpenOrders(page.data.filter(isOpen).sort(newestFirst)),
      () => current && setOpenOrders((prev) => prev ?? []),
    );
    return () => {
      current = false;
    };
  }, [symbol, token, nonce]);

  useEffect(() => {
    const stopped = () => {
      streamingNow.current = false;
      setStreaming(false);
    };
    if (!token) {
      setFunds({ funds: null, asOf: 0 });
      setOpenOrders(null);
      stopped();
      return;
    }
    // The balances were current until the socket dropped.
    const stopWatching = $socketStatus.listen((status) => {
      if (status === 'live' || !streamingNow.current) return;
      stopped();
      setFunds((prev) => ({ ...prev, asOf: Date.now() }));
    });
    const stopStream = holdStream(
      { stream: 'user', token },
      {
        snapshot: (payload) => {
          spoke.current += 1;
          // A snapshot a hidden page held from before the socket dropped is not a live stream.
          const live = $socketStatus.get() === 'live';
          streamingNow.current = live;
          setStreaming(live);
          setFunds((prev) => withFunds(prev, payload.balances, live ? Date.now() : prev.asOf));
          // The snapshot holds every open order: it replaces the pair's list.
          setOpenOrders(withOrders([], payload.orders, symbol));
        },
        message: (message) => {
          spoke.current += 1;
          // Held while hidden and shown after the drop, it is no newer than the drop.
          const live = streamingNow.current;
          setFunds((prev) => withFunds(prev, message.balances, live ? Date.now() : prev.asOf));
          setOpenOrders((prev) => withOrders(prev, message.orders, symbol));
          if (message.orders.some((o) => o.symbol === symbol && o.state === 'filled')) showToast(i18n._(msg`Order filled`), 'success');
        },
      },
    );
    return () => {
      stopWatching();
      stopStream();
      // Live until now (a pair change re-subscribes): dated now, so no old "As of" flashes meanwhile.
      if (streamingNow.current) setFunds((prev) => ({ ...prev, asOf: Date.now() }));
      stopped();
    };
  }, [symbol, token]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const upsert = useCallback((order: SpotOrder) => setOpenOrders((prev) => withOrders(prev, [order], symbol)), [symbol]);
  return { funds: fundsAt.funds, fundsAsOf: streaming ? null : fundsAt.asOf, openOrders, reload, upsert };
}
