import type { ServerToClientEvents, StreamRequest } from '../../contract/socket-events.ts';
import type { RowFormat } from '../lib/row-text.ts';
import { $socketStatus, socketDown } from '../stores/socket-status.ts';
import { applyQuote, applyQuoteBatch, onQuoteInterest } from '../stores/quotes.ts';
import { $quotesStale, quotesResynced, quotesStopped, quotesWritten } from '../stores/quotes-stale.ts';
import { QuoteBatcher } from './quote-batcher.ts';
import type { ForwardedEvent, FromWorker, ToWorker } from './socket-protocol.ts';
import type { StreamHandlers } from './stream-client.ts';
import type { StreamName } from './stream-keys.ts';
import { WorkerReplay } from './worker-replay.ts';
import { TryAgain } from '../lib/try-again.ts';
import socketWorkerUrl from './socket-worker.ts?worker&url';

export { SOCKET_OPTIONS } from './socket-options.ts';

/**
 * The page's side of the one socket. The connection itself (socket.io-client, about 13 kB gzip,
 * and the parsing of every stream message) runs in a dedicated worker (socket-worker.ts); here
 * screens subscribe by id, stream snapshots and messages come back in order, and quotes arrive as
 * coalesced batches that are written to the stores once per animation frame.
 */

let worker: Worker | undefined;
/** connectSocket ran: a worker is running, or one is due to start again. */
let wanted = false;
/** What the running worker was told, for the next one should its script fail to load. */
const replay = new WorkerReplay();
const restart = new TryAgain();
let nextId = 1;
const holders = new Map<number, StreamHandlers<StreamName>>();
const eventListeners = new Map<ForwardedEvent, Set<(payload: never, receivedAt: number) => void>>();

/**
 * `?quotes=per-message` (before the hash) writes every ticker to the store as it arrives, the naive
 * baseline of bench/market-flood.mjs; normally they are coalesced into one write per frame.
 */
const perMessage = typeof location !== 'undefined' && new URLSearchParams(location.search).get('quotes') === 'per-message';

function send(message: ToWorker): void {
  replay.record(message);
  worker?.postMessage(message);
}

// A batch from the worker waits for the next frame (several that arrive before it are merged).
const batcher = new QuoteBatcher(
  {
    batch: (updates, seq) => {
      applyQuoteBatch(updates, seq);
      quotesWritten();
    },
    one: (update, seq) => {
      applyQuote(update, seq);
      quotesWritten();
    },
  },
  undefined,
  perMessage,
);

function call(id: number, use: (h: StreamHandlers<StreamName>) => void): void {
  const h = holders.get(id);
  if (!h) return;
  try {
    use(h);
  } catch (error) {
    // One screen's bug must not stop the stream for the others; still report it.
    setTimeout(() => {
      throw error;
    });
  }
}

function receive(message: FromWorker): void {
  switch (message.type) {
    case 'loaded':
      return;
    case 'status':
      return $socketStatus.set(message.status);
    case 'snapshot':
      return call(message.id, (h) => h.snapshot(message.payload as never));
    case 'message':
      return call(message.id, (h) => h.message(message.payload as never));
    case 'error':
      return call(message.id, (h) => h.error?.(message.code));
    case 'stopped':
      return call(message.id, (h) => h.stopped?.());
    case 'quotes':
      if (message.resynced) quotesResynced();
      return batcher.push(message.updates, message.seq);
    case 'quotesStopped':
      return quotesStopped();
    case 'event':
      for (const listener of [...(eventListeners.get(message.event) ?? [])]) {
        try {
          listener(message.payload as never, message.receivedAt);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
      return;
  }
}

/**
 * A worker whose script has neither loaded nor failed by then is taken for stalled (a connection
 * that hangs on a flaky network gives no error for minutes) and started again. The script is one
 * file of 16 kB compressed, with no imports: seconds even on a 2G link.
 */
export const WORKER_LOAD_MS = 15_000;
let workerTries = 0;

/**
 * Starts the socket worker and tells it all the page has asked for. Its script is a separate
 * fetch after the first paint: on a flaky first visit (nothing precached yet) it can fail, or stall,
 * which must not leave the app without live data until a reload; it is tried again (lib/try-again.ts).
 */
function startWorker(): void {
  // A try after the first asks for a URL of its own: with the first fetch still hanging, a second
  // worker from the same URL never reached the server (socket-drop.spec's proxy saw one request;
  // Chromium's HTTP cache lock, most likely), so it would hang as long.
  const url = workerTries === 0 ? socketWorkerUrl : `${socketWorkerUrl}?try=${workerTries}`;
  workerTries += 1;
  const started = new Worker(url, { type: 'module', name: 'socket' });
  worker = started;
  const giveUp = () => {
    if (worker !== started) return;
    clearTimeout(stalled);
    started.terminate();
    worker = undefined;
    // Nothing is live: screens mark what they show as old (the stream is on its way, if online).
    $socketStatus.set(navigator.onLine ? 'reconnecting' : 'offline');
    restart.schedule(startWorker);
  };
  const stalled = setTimeout(giveUp, WORKER_LOAD_MS);
  started.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    clearTimeout(stalled);
    restart.reset();
    receive(event.data);
  });
  started.addEventListener('error', (event) => {
    // An ErrorEvent is an uncaught exception in a running worker (its bug, reported by the
    // browser); a plain Event is a script that could not be loaded.
    if (!(event instanceof ErrorEvent)) giveUp();
  });
  for (const message of replay.messages()) started.postMessage(message);
}

/** The one connection the app holds (started after the first paint, or by the first screen that needs it). */
export function connectSocket(): void {
  if (wanted) return;
  wanted = true;
  // The status can say the socket is down before the stream does (a worker that never connected).
  $socketStatus.subscribe((status) => socketDown(status) && quotesStopped());
  // One attribute, not a render: a 1,000-row list mutes its figures by CSS alone.
  $quotesStale.subscribe((stale) => document.documentElement.toggleAttribute('data-quotes-stale', stale));
  send({ type: 'connect', url: location.origin, perMessage });
  // A hidden page draws no frames: the worker holds the quotes back until it is shown again.
  const tellShown = () => send({ type: 'shown', shown: document.visibilityState !== 'hidden' });
  tellShown();
  document.addEventListener('visibilitychange', tellShown);
  // The pairs on screen get every batch; the worker sends the rest in slices, a round every 5 s.
  onQuoteInterest((symbols) => send({ type: 'interest', symbols }));
  // socket.io backs off up to 5 s between attempts; when the device says the network is back, try
  // at once instead of waiting out the delay.
  addEventListener('online', () => send({ type: 'online' }));
  const offline = () => {
    $socketStatus.set('offline');
    send({ type: 'offline' });
  };
  addEventListener('offline', offline);
  // Started with no network (a cold start offline): offline now, not "reconnecting" in the background.
  if (!navigator.onLine) offline();
  startWorker();
}

/**
 * The market list's row format and its pairs' tick sizes, or null when it leaves: while set, the
 * socket worker writes each quote's row figures (lib/row-text.ts) before posting it.
 */
export function setRowFormat(format: RowFormat | null, ticks: [symbol: string, tickSize: string][] = []): void {
  send({ type: 'rowFormat', format, ticks });
}

/** A screen's subscription to one stream (reference counted in the worker); call the result when it leaves. */
export function subscribeStream<S extends StreamName>(request: Extract<StreamRequest, { stream: S }>, handlers: StreamHandlers<S>): () => void {
  connectSocket();
  const id = nextId++;
  holders.set(id, handlers as unknown as StreamHandlers<StreamName>);
  send({ type: 'subscribe', id, request });
  return () => {
    if (!holders.delete(id)) return;
    send({ type: 'unsubscribe', id });
  };
}

/** Live quotes of every pair into stores/quotes.ts while at least one screen holds this. */
export function subscribeTickers(): () => void {
  connectSocket();
  const id = nextId++;
  send({ type: 'tickers', id, hold: true });
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    send({ type: 'tickers', id, hold: false });
  };
}

type EventPayload<E extends ForwardedEvent> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Listens to a socket event that is not a stream (hello, risk, option) on the one connection; the
 * private ones come while the user stream is held. Call the result to stop.
 */
export function onSocketEvent<E extends ForwardedEvent>(event: E, listener: (payload: EventPayload<E>, receivedAt: number) => void): () => void {
  connectSocket();
  let set = eventListeners.get(event);
  if (!set) eventListeners.set(event, (set = new Set()));
  const own = (payload: never, receivedAt: number) => listener(payload as EventPayload<E>, receivedAt);
  set.add(own);
  if (set.size === 1) send({ type: 'listen', event, on: true });
  return () => {
    if (!set.delete(own) || set.size > 0) return;
    send({ type: 'listen', event, on: false });
  };
}
