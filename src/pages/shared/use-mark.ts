import { useEffect, useState } from 'preact/hooks';
import { compareDecimal, isDecimalString } from '../../lib/decimal.ts';
import { holdStream } from '../../realtime/live.ts';
import { $socketStatus, socketDown } from '../../stores/socket-status.ts';

export interface MarkState {
  /** The latest mark price; null until the first snapshot (or when the symbol has none). */
  price: string | null;
  /** Whether the last change went up or down, for the colour. */
  trend: 'up' | 'down' | 'flat';
  /** The stream stopped (the socket dropped) and its next snapshot has not come: the price is not live. */
  stale: boolean;
}

function next(prev: MarkState, price: string, stale: boolean): MarkState {
  if (prev.price === null) return { price, trend: 'flat', stale };
  const order = isDecimalString(price) && isDecimalString(prev.price) ? compareDecimal(price, prev.price) : 0;
  return { price, trend: order > 0 ? 'up' : order < 0 ? 'down' : prev.trend, stale };
}

/**
 * The live mark price of `symbol` from the `mark:SYMBOL` stream; `initial` shows until the stream's
 * snapshot. From a socket drop until the resubscribe's snapshot it is `stale`: the last price is
 * still worth showing (positions are valued at it), but not as a live one.
 */
export function useMark(symbol: string, initial: string | null = null): MarkState {
  const [state, setState] = useState<MarkState>(() => ({ price: initial, trend: 'flat', stale: socketDown($socketStatus.get()) }));
  useEffect(() => {
    setState({ price: initial, trend: 'flat', stale: socketDown($socketStatus.get()) });
    const stop = () => setState((prev) => (prev.stale ? prev : { ...prev, trend: 'flat', stale: true }));
    // The status tells of a drop before the stream could (a socket that never connected has no stream to stop).
    const stopWatching = $socketStatus.listen((status) => socketDown(status) && stop());
    const release = holdStream(
      { stream: 'mark', symbol },
      {
        snapshot: (payload) => setState((prev) => next(prev, payload.price, false)),
        message: (message) => setState((prev) => next(prev, message.price, prev.stale)),
        stopped: stop,
      },
    );
    return () => {
      stopWatching();
      release();
    };
  }, [symbol]);
  useEffect(() => {
    if (initial !== null) setState((prev) => (prev.price === null ? { ...prev, price: initial, trend: 'flat' } : prev));
  }, [initial]);
  return state;
}
