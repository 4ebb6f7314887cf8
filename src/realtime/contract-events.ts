import type { OptionSettledMessage, RiskMessage } from '../../contract/api/contracts.ts';
import type { HelloPayload } from '../../contract/socket-events.ts';
import { noteServerClock } from '../stores/options-clock.ts';
import { loadSocketManager } from './load-socket-manager.ts';

/**
 * The contracts' private events (issue 5): `risk` (live PnL and risk rates, positions closed by TP,
 * SL or liquidation) and `option` (an option settled). The server sends them to the user's room,
 * which the one socket joins while a screen holds the `user` stream; they are plain socket events
 * with their own seq (contract/api/contracts.ts), so the screens order them against their HTTP
 * snapshots. They travel over the app's one connection (socket-worker.ts forwards them), loaded only
 * when a contract screen asks (socket-manager.ts is loaded lazily, load-socket-manager.ts).
 */
export interface ContractEventHandlers {
  risk?(message: RiskMessage): void;
  option?(message: OptionSettledMessage): void;
  /** The user channel was (re)joined: messages may have been missed, read the HTTP state again. */
  rejoined?(): void;
}

// Shared with the other screens, and tried until it loads; the screens poll over HTTP meanwhile.
const manager = loadSocketManager;

/** Runs `start` once the socket code is loaded, unless the holder left first; the result stops it. */
function hold(start: (m: Awaited<ReturnType<typeof manager>>) => () => void): () => void {
  let stop: (() => void) | undefined;
  let left = false;
  void manager().then((m) => {
    if (!left) stop = start(m);
  });
  return () => {
    if (left) return;
    left = true;
    stop?.();
  };
}

/** Holds the user channel with `token` and hands its contract events out; call the result to stop. */
export function holdContractEvents(token: string, handlers: ContractEventHandlers): () => void {
  return hold(({ onSocketEvent, subscribeStream }) => {
    const stops = [
      onSocketEvent('risk', (message) => typeof message?.seq === 'number' && handlers.risk?.(message)),
      onSocketEvent('option', (message) => typeof message?.seq === 'number' && handlers.option?.(message)),
      // This screen's own hold on the user stream: the room is joined while any screen holds it.
      subscribeStream({ stream: 'user', token }, { snapshot: () => handlers.rejoined?.(), message: () => undefined }),
    ];
    return () => stops.forEach((stop) => stop());
  });
}

/**
 * Measured against when the socket got it: a hidden page gets a hello late, and the last one again
 * when it starts listening; against the time it reached the page it would read low by that delay,
 * and past CLOCK_JUMP_MS pass for a changed device clock and reset the estimate.
 */
export function onHello(payload: HelloPayload, receivedAt: number): void {
  noteServerClock(Date.parse(payload.server_time) - receivedAt, 'hello');
}

/** Listens for the server's `hello` (one per connect) to estimate clock skew, while held. */
export function holdServerClock(): () => void {
  return hold(({ onSocketEvent }) => onSocketEvent('hello', onHello));
}
