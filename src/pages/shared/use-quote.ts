import { useEffect } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { holdTickers } from '../../realtime/live.ts';
import { quoteStore, type LiveQuote } from '../../stores/quotes.ts';

/**
 * One pair's live quote. The component re-renders only when this pair's quote changes (at most
 * once per animation frame), not on the ticks of the 1,000 others.
 */
export function useQuote(symbol: string): LiveQuote | undefined {
  return useStore(quoteStore(symbol));
}

/** Keeps the tickers stream (every pair's quote) live while the screen is shown. */
export function useTickers(): void {
  useEffect(() => holdTickers(), []);
}
