import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import type { FuturesAccountRisk, FuturesPosition } from '../../../contract/api/contracts.ts';
import { fetchDealAll, fetchMyTradesNow } from '../../api/futures.ts';
import { holdContractEvents } from '../../realtime/contract-events.ts';
import { $socketStatus } from '../../stores/socket-status.ts';
import { useOnline } from '../../ui/use-online.ts';
import { applyRisk, bookFromDealAll, withAccounts, withPositions, type PositionBook } from './position-state.ts';

/** Without the socket (reconnecting, offline) the positions are read over HTTP this often instead. */
export const POLL_WITHOUT_SOCKET_MS = 5_000;
/** With the socket, a stream quiet for this long is checked over HTTP (a missed or delayed event). */
export const POLL_QUIET_STREAM_MS = 15_000;

export interface PositionBookView {
  /** null until the first answer. */
  book: PositionBook | null;
  /** The last read failed with no book in hand: the panel says so instead of loading. */
  failed: boolean;
  /** That read failed while the device was offline (it reads again when the network is back). */
  offline: boolean;
  /** Reads /lever/dealall again. */
  reload: () => void;
  /** Takes positions and balances the server just answered a write with. */
  take: (positions: readonly FuturesPosition[], accounts?: readonly FuturesAccountRisk[]) => void;
}

/**
 * The signed-in user's open positions and limit orders, live: /lever/dealall first, then the private
 * `risk` stream (marks, PnL, risk rates, positions closed by TP, SL or liquidation). A gap in the
 * stream, or a rejoined channel, reads dealall again. `onFinished` hears of positions the server
 * closed (or orders it cancelled); `onOpened` of limit orders that opened. When a re-read finds a
 * position gone that the user did not close here, the history says how it closed.
 */
export function usePositionBook(token: string, onFinished: (positions: FuturesPosition[]) => void, onOpened: (positions: FuturesPosition[]) => void): PositionBookView {
  const [book, setBook] = useState<PositionBook | null>(null);
  const [failed, setFailed] = useState<false | 'offline' | 'error'>(false);
  const bookRef = useRef<PositionBook | null>(null);
  const generation = useRef(0);
  const lastNews = useRef(0);
  const status = useStore($socketStatus);
  const callbacks = useRef({ onFinished, onOpened });
  callbacks.current = { onFinished, onOpened };

  const commit = (next: PositionBook | null) => {
    bookRef.current = next;
    setBook(next);
  };

  const reload = useCallback(() => {
    if (!token) return;
    const gen = ++generation.current;
    fetchDealAll().then(
      (answer) => {
        if (gen !== generation.current) return;
        const before = bookRef.current;
        const next = bookFromDealAll(answer);
        setFailed(false);
        commit(next);
        lastNews.current = Date.now();
        if (before) explainChanges(before, next);
      },
      () => gen === generation.current && setFailed(navigator.onLine ? 'error' : 'offline'),
    );
  }, [token]);

  /** What happened between two reads: orders that opened, and positions that left (looked up in the history). */
  const explainChanges = (before: PositionBook, after: PositionBook) => {
    const now = new Map(after.positions.map((p) => [p.id, p]));
    const opened = before.positions.filter((p) => p.state === 'pending' && now.get(p.id)?.state === 'open').map((p) => now.get(p.id)!);
    if (opened.length > 0) callbacks.current.onOpened(opened);
    const gone = new Set(before.positions.filter((p) => !now.has(p.id)).map((p) => p.id));
    if (gone.size === 0) return;
    fetchMyTradesNow({ status: 'completed', page: 1, limit: 20 }).then(
      (page) => {
        const finished = page.data.filter((p) => gone.has(p.id));
        if (finished.length > 0) callbacks.current.onFinished(finished);
      },
      () => undefined,
    );
  };

  useEffect(() => {
    commit(null);
    setFailed(false);
    if (!token) return;
    reload();
    return holdContractEvents(token, {
      rejoined: reload,
      risk: (message) => {
        const current = bookRef.current;
        if (!current) return;
        const outcome = applyRisk(current, message);
        if (outcome.kind === 'gap') return reload();
        if (outcome.kind === 'stale') return;
        lastNews.current = Date.now();
        commit(outcome.book);
        if (outcome.finished.length > 0) callbacks.current.onFinished(outcome.finished);
        if (outcome.opened.length > 0) callbacks.current.onOpened(outcome.opened);
      },
    });
  }, [token]);
  // Back online, a panel that could not load reads again (the stream's rejoin may come later, or not at all).
  useOnline(() => bookRef.current === null && reload());

  // The stream is the live path; without it, or when it has been quiet, read over HTTP.
  useEffect(() => {
    if (!token) return;
    const every = status === 'live' ? POLL_QUIET_STREAM_MS : POLL_WITHOUT_SOCKET_MS;
    const timer = setInterval(() => {
      const hasLive = (bookRef.current?.positions.length ?? 0) > 0;
      if (hasLive && Date.now() - lastNews.current >= every) reload();
    }, Math.min(every, 5_000));
    return () => clearInterval(timer);
  }, [token, status]);

  const take = useCallback((positions: readonly FuturesPosition[], accounts: readonly FuturesAccountRisk[] = []) => {
    const current = bookRef.current;
    if (!current) return;
    commit({ ...current, positions: withPositions(current.positions, positions), accounts: withAccounts(current.accounts, accounts) });
  }, []);

  return { book, failed: failed !== false && book === null, offline: failed === 'offline' && book === null, reload, take };
}
