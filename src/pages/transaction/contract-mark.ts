import { useEffect, useState } from 'preact/hooks';
import { compareDecimal, isDecimalString } from '../../lib/decimal.ts';
import { holdStream } from '../../realtime/live.ts';

export interface MarkState {
  /** The latest mark price; null until the first snapshot (or when the symbol has none). */
  price: string | null;
  /** Whether the last change went up or down, for the colour. */
  trend: 'up' | 'down' | 'flat';
}

function next(prev: MarkState, price: string): MarkState {
  if (prev.price === null) return { price, trend: 'flat' };
  const order = isDecimalString(price) && isDecimalString(prev.price) ? compareDecimal(price, prev.price) : 0;
  return { price, trend: order > 0 ? 'up' : order < 0 ? 'down' : prev.trend };
}

/** The live mark price of `symbol` from the `mark:SYMBOL` stream; `initial` shows until the stream's snapshot. */
export function useMark(symbol: string, initial: string | null = null): MarkState {
  const [state, setState] = useState<MarkState>({ price: initial, trend: 'flat' });
  useEffect(() => {
    setState({ price: initial, trend: 'flat' });
    return holdStream(
      { stream: 'mark', symbol },
      {
        snapshot: (payload) => setState((prev) => next(prev, payload.price)),
        message: (message) => setState((prev) => next(prev, message.price)),
      },
    );
  }, [symbol]);
  useEffect(() => {
    if (initial !== null) setState((prev) => (prev.price === null ? { price: initial, trend: 'flat' } : prev));
  }, [initial]);
  return state;
}
