import { afterPaint } from '../lib/after-paint.ts';
import { loadSocketManager } from './load-socket-manager.ts';
import type { ServerToClientEvents, StreamRequest } from '../../contract/socket-events.ts';
import type { RowFormat } from '../lib/row-text.ts';
import type { ForwardedEvent } from './socket-protocol.ts';
import type { StreamHandlers } from './stream-client.ts';
import type { StreamName } from './stream-keys.ts';

/**
 * What screens import to hold a stream. It is tiny: the socket client (about 13 kB gzip) loads on
 * the first subscription, in its own chunk, so a screen paints from its HTTP data first and goes
 * live a moment later. The returned function may be called before the socket has loaded.
 */
const manager = () => afterFirstPaint().then(loadSocketManager);

let painted: Promise<void> | undefined;
/**
 * Resolves once the page has put a frame on screen. A screen subscribes as it mounts, in the task
 * that renders it; loading the socket client, evaluating it and starting its worker there would
 * hold up that first paint (about 20 ms of a slow phone's main thread, measured at 4x CPU). A page
 * opened hidden connects once shown (with snapshots, as after any gap).
 */
function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => afterPaint(resolve));
  return painted;
}

function later(start: (m: Awaited<ReturnType<typeof manager>>) => () => void): () => void {
  let stop: (() => void) | undefined;
  let left = false;
  void manager().then((m) => {
    if (!left) stop = start(m);
  });
  return () => {
    left = true;
    stop?.();
  };
}

export function holdStream<S extends StreamName>(request: Extract<StreamRequest, { stream: S }>, handlers: StreamHandlers<S>): () => void {
  return later((m) => m.subscribeStream(request, handlers));
}

/** Live quotes of every pair in stores/quotes.ts while held. */
export function holdTickers(): () => void {
  return later((m) => m.subscribeTickers());
}

/** A non-stream socket event (hello, risk, option) while held; see socket-manager.ts onSocketEvent. */
export function holdSocketEvent<E extends ForwardedEvent>(event: E, listener: (payload: Parameters<ServerToClientEvents[E]>[0]) => void): () => void {
  return later((m) => m.onSocketEvent(event, listener));
}

/** While held, the socket worker writes the row figures of these pairs' quotes in `format` (the market list's). */
export function holdRowFormat(format: RowFormat, ticks: [symbol: string, tickSize: string][]): () => void {
  return later((m) => {
    m.setRowFormat(format, ticks);
    return () => m.setRowFormat(null);
  });
}
