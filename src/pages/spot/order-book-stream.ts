import { useEffect, useState } from 'preact/hooks';
import { fetchDepth } from '../../api/market.ts';
import { DepthBook, type DepthRow } from '../../lib/depth-book.ts';
import { holdStream } from '../../realtime/live.ts';
import { $socketStatus, socketDown } from '../../stores/socket-status.ts';

export interface BookView {
  bids: DepthRow[];
  asks: DepthRow[];
}

export interface OrderBookState {
  /** The levels, current to the last message; null while there are none, or none current. */
  view: BookView | null;
  /** The stream stopped (the socket dropped) and the fresh snapshot of its resubscribe is not drawn yet. */
  stale: boolean;
}

/**
 * The pair's order book, live: the HTTP snapshot paints first, then the depth stream's snapshot
 * and deltas (in seq order, gaps resynced by the stream client) take over. Deltas are applied as
 * they come and drawn at most once per animation frame.
 *
 * From the moment the stream stops (the socket drops, or a hidden page let it go) the levels are
 * stale: a trader must not take them for the market. The stream's next snapshot ends that, in the
 * frame that draws it. Opened while the socket is down, even the HTTP snapshot is stale: nothing
 * would move it.
 */
export function useOrderBook(symbol: string, levels: number): OrderBookState {
  const [view, setView] = useState<BookView | null>(null);
  const [stale, setStale] = useState(() => socketDown($socketStatus.get()));
  useEffect(() => {
    const book = new DepthBook();
    let frame = 0;
    let streamed = false;
    let left = false;
    let isStale = socketDown($socketStatus.get());
    setView(null);
    setStale(isStale);
    const draw = () => {
      frame = 0;
      if (left) return;
      setView(book.top(levels));
      setStale(isStale);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    // At once, not in the next frame: no frame may show the old levels as current.
    const stop = () => {
      isStale = true;
      setStale(true);
    };
    // The status tells of a drop before the stream could (a socket that never connected has no stream to stop).
    const stopWatching = $socketStatus.listen((status) => socketDown(status) && stop());
    fetchDepth(symbol).then(
      (snapshot) => {
        if (streamed) return;
        book.reset(snapshot.bids, snapshot.asks);
        schedule();
      },
      () => undefined,
    );
    const release = holdStream(
      { stream: 'depth', symbol },
      {
        snapshot: (payload) => {
          streamed = true;
          isStale = false;
          book.reset(payload.bids, payload.asks);
          schedule();
        },
        message: (delta) => {
          book.apply(delta.bids, delta.asks);
          schedule();
        },
        stopped: stop,
      },
    );
    return () => {
      left = true;
      stopWatching();
      release();
      cancelAnimationFrame(frame);
    };
  }, [symbol, levels]);
  return { view: stale ? null : view, stale };
}
