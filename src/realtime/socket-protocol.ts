import type { ServerToClientEvents, StreamRequest } from '../../contract/socket-events.ts';
import type { RowFormat } from '../lib/row-text.ts';
import type { QuoteUpdate } from '../stores/quotes.ts';
import type { SocketStatus } from '../stores/socket-status.ts';

/**
 * Messages between the page and the socket worker (socket-worker.ts). The socket, its parsing and
 * the per-stream sequencing live in the worker, off the main thread; the page gets stream
 * snapshots and messages by subscription id, and quotes as coalesced batches.
 */
/** Socket events that are not streams, passed on to the page while it listens (hello: the last one again on listening). */
export const FORWARDED_EVENTS = ['hello', 'risk', 'option', 'copy'] as const satisfies readonly (keyof ServerToClientEvents)[];
export type ForwardedEvent = (typeof FORWARDED_EVENTS)[number];

export type ToWorker =
  | { type: 'connect'; url: string; perMessage: boolean }
  | { type: 'subscribe'; id: number; request: StreamRequest }
  | { type: 'unsubscribe'; id: number }
  /** Hold (or release) the tickers stream into the quote batches. */
  | { type: 'tickers'; id: number; hold: boolean }
  /** The page was shown or hidden: quote batches stop while nobody can see them. */
  | { type: 'shown'; shown: boolean }
  /** The page saw the network come back: try now rather than after the back-off. */
  | { type: 'online' }
  /** The page saw the network go: close the connection (it is dead) until it comes back. */
  | { type: 'offline' }
  /** The pairs the page shows now: their quotes go in every batch, the others a round every 5 s. */
  | { type: 'interest'; symbols: string[] }
  /** Start (or stop) passing a non-stream event on to the page. */
  | { type: 'listen'; event: ForwardedEvent; on: boolean }
  /** The market list's row format and its pairs' tick sizes (null: no list shown): quotes come with their row's figures. */
  | { type: 'rowFormat'; format: RowFormat | null; ticks: [symbol: string, tickSize: string][] };

export type FromWorker =
  /** The worker's script loaded and ran (posted once, before anything else). */
  | { type: 'loaded' }
  | { type: 'status'; status: SocketStatus }
  | { type: 'snapshot'; id: number; payload: unknown }
  | { type: 'message'; id: number; payload: unknown }
  | { type: 'error'; id: number; code: string }
  /** The subscription's stream stopped (the socket dropped, or the hidden page let it go): out of date until its next snapshot. */
  | { type: 'stopped'; id: number }
  /** resynced: the first batch since the tickers' snapshot, so the quotes are live again. */
  | { type: 'quotes'; updates: QuoteUpdate[]; seq: number; resynced?: true }
  /** The tickers stream stopped (the socket dropped, or the hidden page let it go): quotes are out of date until `resynced`. */
  | { type: 'quotesStopped' }
  /**
   * receivedAt: when the worker got it (epoch ms, the same clock as the page's). A hidden page gets
   * events late, and `hello` again on listening: its server_time is compared with this, not with when
   * it reached the page.
   */
  | { type: 'event'; event: ForwardedEvent; payload: unknown; receivedAt: number };
