import { useEffect, useState } from 'preact/hooks';
import { fetchDepth } from '../../api/market.ts';
import { DepthBook, type DepthRow } from '../../lib/depth-book.ts';
import { holdStream } from '../../realtime/live.ts';

export interface BookView {
  bids: DepthRow[];
  asks: DepthRow[];
}

/**
 * The pair's order book, live: the HTTP snapshot paints first, then the depth stream's snapshot
 * and deltas (in seq order, gaps resynced by the stream client) take over. Deltas are applied as
 * they come and drawn at most once per animation frame.
 */
export function useOrderBook(symbol: string, levels: number): BookView | null {
  const [view, setView] = useState<BookView | null>(null);
  useEffect(() => {
    const book = new DepthBook();
    let frame = 0;
    let streamed = false;
    let left = false;
    setView(null);
    const draw = () => {
      frame = 0;
      if (!left) setView(book.top(levels));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
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
          book.reset(payload.bids, payload.asks);
          schedule();
        },
        message: (delta) => {
          book.apply(delta.bids, delta.asks);
          schedule();
        },
      },
    );
    return () => {
      left = true;
      release();
      cancelAnimationFrame(frame);
    };
  }, [symbol, levels]);
  return view;
}
