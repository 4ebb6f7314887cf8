import { atom } from 'nanostores';

/**
 * Whether the quotes on screen are out of date: the tickers stream stopped (the socket dropped, or
 * a page away too long let it go) and the batch carrying its next snapshot is not written yet. The
 * figures stay, muted (`quote-fig` in shared/market.css), beside the Reconnecting badge that says
 * why. Quotes from the list endpoint before the first connection are not stale: they are as fresh
 * as the page.
 */
export const $quotesStale = atom(false);

/** A snapshot's batch arrived and waits for its frame. */
let resyncPending = false;

/** The tickers stopped: out of date until a snapshot's batch is written. */
export function quotesStopped(): void {
  resyncPending = false;
  $quotesStale.set(true);
}

/** A batch that carries the tickers' snapshot arrived; the quotes are live once it is written. */
export function quotesResynced(): void {
  resyncPending = true;
}

/** Batches were written to the quote stores (in the same frame as what they show). */
export function quotesWritten(): void {
  if (!resyncPending) return;
  resyncPending = false;
  $quotesStale.set(false);
}
