import { useEffect, useState } from 'preact/hooks';
import type { PublicTrade } from '../../../contract/api/market.ts';
import { fetchTrades } from '../../api/market.ts';
import { holdStream } from '../../realtime/live.ts';

/** How many trades the screen keeps. */
export const TRADES_SHOWN = 30;

/** Newest first, without duplicates (an HTTP answer and the stream may overlap), at most TRADES_SHOWN. */
export function mergeTrades(current: readonly PublicTrade[], incoming: readonly PublicTrade[]): PublicTrade[] {
  const seen = new Set<number>();
  return [...incoming, ...current]
    .filter((t) => !seen.has(t.id) && (seen.add(t.id), true))
    .sort((a, b) => b.id - a.id)
    .slice(0, TRADES_SHOWN);
}

/** The pair's latest public trades: HTTP first, then the trades stream (snapshot and new trades). */
export function useRecentTrades(symbol: string): PublicTrade[] | null {
  const [trades, setTrades] = useState<PublicTrade[] | null>(null);
  useEffect(() => {
    let streamed = false;
    setTrades(null);
    fetchTrades(symbol, TRADES_SHOWN).then(
      (list) => !streamed && setTrades((prev) => mergeTrades(prev ?? [], list)),
      () => !streamed && setTrades((prev) => prev ?? []),
    );
    return holdStream(
      { stream: 'trades', symbol },
      {
        snapshot: (payload) => {
          streamed = true;
          setTrades(mergeTrades([], payload.trades));
        },
        message: (message) => setTrades((prev) => mergeTrades(prev ?? [], message.trades)),
      },
    );
  }, [symbol]);
  return trades;
}
