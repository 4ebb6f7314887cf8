import { io } from 'socket.io-client';
import type { StreamRequest } from '../../contract/socket-events.ts';
import type { SocketStatus } from '../stores/socket-status.ts';
import { HiddenPageHold } from './hidden-page-hold.ts';
import { QuoteCoalescer } from './quote-coalescer.ts';
import { RowTextMaker } from './row-text-maker.ts';
import { SOCKET_OPTIONS } from './socket-options.ts';
import { FORWARDED_EVENTS, type ForwardedEvent, type FromWorker, type ToWorker } from './socket-protocol.ts';
import { StreamClient, type StreamHandlers, type StreamSocket } from './stream-client.ts';

/**
 * The socket worker: the one socket.io connection of the app, in a dedicated worker so that
 * receiving and parsing a flood of stream messages never takes the main thread's time. It runs the
 * stream client (reference counts, seq tracking, snapshots on gaps and reconnects) and coalesces
 * tickers into at most one batch every BATCH_MIN_MS while the page is shown; a hidden page gets
 * nothing until it is shown again, and after a while its public streams are let go
 * (hidden-page-hold.ts). See socket-protocol.ts for the messages.
 */

const scope = self as unknown as {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  navigator: { onLine: boolean };
};
const post = (message: FromWorker) => scope.postMessage(message);

let streams: StreamClient | undefined;
let coalescer: QuoteCoalescer | undefined;
let connected: ReturnType<typeof io> | undefined;
/** The page said the device is offline (a worker's own navigator.onLine can lag behind). */
let pageOffline = false;
/** The page is shown (it may say so before the socket exists). */
let pageShown = true;
const releases = new Map<number, () => void>();
/** Each subscription's request, kept while the page holds it (also while let go). */
const requests = new Map<number, StreamRequest>();
/** Subscriptions let go while the page is away, taken again when it is back. */
const letGo = new Set<number>();
const rowTexts = new RowTextMaker();
const tickerHolders = new Set<number>();
let releaseTickers: (() => void) | undefined;
/** Events the page listens to, and the last `hello` (it comes once per connect, maybe before the page listens). */
const forwarding = new Set<ForwardedEvent>();
let lastHello: { payload: unknown; receivedAt: number } | undefined;

function setStatus(status: SocketStatus): void {
  post({ type: 'status', status });
}

function connect(url: string, perMessage: boolean): void {
  if (connected) return;
  const socket = io(url, SOCKET_OPTIONS);
  connected = socket;
  streams = new StreamClient(socket as unknown as StreamSocket);
  const quotes: QuoteCoalescer = new QuoteCoalescer((batch) => {
    rowTexts.annotate(batch.updates, (symbol) => quotes.shows(symbol));
    post({ type: 'quotes', ...batch });
  }, perMessage);
  coalescer = quotes;
  coalescer.setShown(pageShown);
  socket.on('connect', () => setStatus('live'));
  for (const event of FORWARDED_EVENTS) {
    socket.on(event, (payload: unknown) => {
      const receivedAt = Date.now();
      if (event === 'hello') lastHello = { payload, receivedAt };
      if (forwarding.has(event)) hidden.pass({ type: 'event', event, payload, receivedAt });
    });
  }
  socket.io.on('reconnect_attempt', () => setStatus('reconnecting'));
  socket.on('disconnect', (reason) => {
    setStatus(pageOffline || !scope.navigator.onLine ? 'offline' : 'reconnecting');
    // socket.io-client stays away for good after the server's own disconnect; a server that sends
    // one is restarting or shedding load, so come back, at a random moment within a few seconds (a
    // deploy's every client at once would be a stampede).
    if (reason === 'io server disconnect') setTimeout(() => connected === socket && !socket.connected && socket.connect(), 1000 + Math.random() * 4000);
  });
  socket.io.on('reconnect_failed', () => setStatus('offline'));
  scope.addEventListener('online', () => {
    if (!socket.connected) socket.connect();
  });
  scope.addEventListener('offline', () => {
    if (!socket.connected) setStatus('offline');
  });
}

const tickerHandlers: StreamHandlers<'tickers'> = {
  snapshot: (payload) => {
    coalescer?.clear();
    coalescer?.push(payload.tickers, payload.seq);
  },
  message: (message) => coalescer?.push(message.tickers, message.seq),
  stopped: () => post({ type: 'quotesStopped' }),
};

function subscribe(id: number, request: StreamRequest): void {
  if (!streams) return;
  requests.set(id, request);
  if (hidden.away && request.stream !== 'user') {
    // A screen mounting while the page is away waits with the rest for the page to come back.
    letGo.add(id);
    return;
  }
  releases.set(
    id,
    streams.subscribe(request as Extract<StreamRequest, { stream: 'depth' }>, {
      snapshot: (payload) => hidden.pass({ type: 'snapshot', id, payload }),
      message: (payload) => hidden.pass({ type: 'message', id, payload }),
      error: (code) => hidden.pass({ type: 'error', id, code }),
      stopped: () => hidden.pass({ type: 'stopped', id }),
    }),
  );
}

function unsubscribe(id: number): void {
  releases.get(id)?.();
  releases.delete(id);
  requests.delete(id);
  letGo.delete(id);
  hidden.forget(id);
}

/** The tickers stream is held while a screen holds it, unless the page is away. */
function syncTickers(): void {
  const wanted = tickerHolders.size > 0 && !hidden.away;
  if (wanted && !releaseTickers && streams) releaseTickers = streams.subscribe({ stream: 'tickers' }, tickerHandlers);
  if (!wanted && releaseTickers) {
    releaseTickers();
    releaseTickers = undefined;
    // A page away is still shown quotes when it comes back, before the fresh snapshot.
    if (tickerHolders.size > 0) post({ type: 'quotesStopped' });
  }
}

function holdTickers(id: number, hold: boolean): void {
  if (hold) tickerHolders.add(id);
  else tickerHolders.delete(id);
  syncTickers();
}

const hidden: HiddenPageHold = new HiddenPageHold({
  post,
  refresh: (id) => {
    const request = requests.get(id);
    if (request) streams?.refresh(request);
  },
  away: () => {
    // The user's own channel stays: fills, balances and settlements must reach the page.
    for (const [id, request] of requests) {
      if (request.stream === 'user' || letGo.has(id)) continue;
      releases.get(id)?.();
      releases.delete(id);
      letGo.add(id);
    }
    syncTickers();
    return [...letGo];
  },
  back: () => {
    for (const id of letGo) {
      const request = requests.get(id);
      if (request) subscribe(id, request);
    }
    letGo.clear();
    syncTickers();
  },
});

scope.addEventListener('message', ({ data }) => {
  switch (data.type) {
    case 'connect':
      return connect(data.url, data.perMessage);
    case 'subscribe':
      return subscribe(data.id, data.request);
    case 'unsubscribe':
      return unsubscribe(data.id);
    case 'tickers':
      return holdTickers(data.id, data.hold);
    case 'shown':
      pageShown = data.shown;
      hidden.setShown(data.shown);
      return coalescer?.setShown(data.shown);
    case 'interest':
      return coalescer?.setInterest(data.symbols);
    case 'rowFormat':
      return rowTexts.set(data.format, data.ticks);
    case 'online':
      pageOffline = false;
      if (connected && !connected.connected) connected.connect();
      return;
    case 'listen':
      if (!data.on) return void forwarding.delete(data.event);
      forwarding.add(data.event);
      if (data.event === 'hello' && lastHello !== undefined) post({ type: 'event', event: 'hello', ...lastHello });
      return;
    case 'offline':
      pageOffline = true;
      setStatus('offline');
      // Explicitly closed, it does not retry in the background; 'online' opens it again.
      connected?.disconnect();
      return;
  }
});

// The page restarts a worker it has not heard from by WORKER_LOAD_MS (a script stalled on its way).
post({ type: 'loaded' });
