import type { ErrorCode } from '../../contract/error-codes.ts';
import type { Socket } from 'socket.io';
import { SUBSCRIPTIONS_MAX, type ClientToServerEvents, type ServerToClientEvents, type StreamAck } from '../../contract/socket-events.ts';
import { userRoom } from '../services/market-data/stream-sink.ts';
import type { Log } from '../services/service-context.ts';
import type { SnapshotSource } from './engine-snapshots.ts';
import type { InterServerEvents, RealtimeServer, Refusal, SnapshotAnswer, SnapshotQuery } from './realtime-server.ts';
import { RequestBudget } from './request-budget.ts';
import { parseStreamRequest, type ParsedStream } from './stream-requests.ts';
import type { UserChannelGuard } from './user-channel-guard.ts';

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/** One socket's subscriptions: stream key -> the room it joined. */
interface SocketState {
  rooms: Map<string, string>;
  budget: RequestBudget;
  /** Shared by every socket of the same client address (address-limits.ts): more sockets buy no more requests. */
  addressBudget: RequestBudget;
  /**
   * Unsubscribes have their own, larger budget: leaving only lowers the load, and one refused for
   * the budget the subscribes spent (a user flicking through pairs) left the socket in the room,
   * streaming to a screen long closed.
   */
  leaves: RequestBudget;
  /** The user channel was closed by the server (session ended): its snapshot says so. */
  userClosed: boolean;
}

export interface StreamHandlerDeps {
  /** This process's streams when it runs the engine; the engine's process's otherwise (engine-snapshots.ts). */
  snapshots: SnapshotSource;
  knownSymbol(symbol: string): boolean;
  lookupSession(token: string): Promise<{ userId: number; expiresAtMs: number } | null>;
  /** The socket's client address's request budget. */
  addressBudget(socket: RealtimeSocket): RequestBudget;
  guard: UserChannelGuard;
  log: Log;
}

const refusal = (code: ErrorCode): Refusal => ({ ok: false, code });

/** A socket holds SUBSCRIPTIONS_MAX streams: it can always leave them all at once, and then some. */
const LEAVES_BURST = 3 * SUBSCRIPTIONS_MAX;
const LEAVES_PER_SECOND = 30;

/** An ack callback from the wire: a function, or a no-op when the client sent none. */
function replier<T>(ack: unknown): (answer: T) => void {
  return typeof ack === 'function' ? (answer: T) => (ack as (a: T) => void)(answer) : () => undefined;
}

/**
 * subscribe / unsubscribe / snapshot on every socket, per contract/socket-events.ts. Every request
 * is validated; each socket has SUBSCRIPTIONS_MAX streams at most and a request budget, and its
 * client address one more for all its sockets; the user channel is joined only with a live session
 * token (see UserChannelGuard for how it is left).
 */
export class StreamHandlers {
  private readonly states = new Map<string, SocketState>();

  constructor(private readonly io: RealtimeServer, private readonly deps: StreamHandlerDeps) {}

  attach(socket: RealtimeSocket): void {
    const state: SocketState = {
      rooms: new Map(), budget: new RequestBudget(), addressBudget: this.deps.addressBudget(socket), leaves: new RequestBudget(LEAVES_BURST, LEAVES_PER_SECOND), userClosed: false,
    };
    this.states.set(socket.id, state);
    socket.on('subscribe', (raw: unknown, ack: unknown) => void this.guarded(ack, () => this.subscribe(socket, state, raw)));
    socket.on('unsubscribe', (raw: unknown, ack: unknown) => void this.guarded(ack, async () => this.unsubscribe(socket, state, raw)));
    socket.on('snapshot', (raw: unknown, ack: unknown) => void this.guarded<SnapshotAnswer>(ack, () => this.snapshot(socket, state, raw)));
    socket.on('disconnect', () => {
      this.states.delete(socket.id);
      this.deps.guard.remove(socket.id);
    });
  }

  /** Takes a socket off its user channel (the guard's verdict). */
  closeUserChannel(socketId: string): void {
    const state = this.states.get(socketId);
    const room = state?.rooms.get('user');
    if (!state || !room) return;
    state.rooms.delete('user');
    state.userClosed = true;
    void this.io.of('/').sockets.get(socketId)?.leave(room);
  }

  private async guarded<T = StreamAck>(ack: unknown, work: () => Promise<T | Refusal>): Promise<void> {
    const reply = replier<T | Refusal>(ack);
    try {
      reply(await work());
    } catch (error) {
      this.deps.log.warn({ err: error }, 'stream request failed');
      reply(refusal('COMMON.INTERNAL'));
    }
  }

  private parse(state: SocketState, raw: unknown, leaving = false): { ok: true; value: ParsedStream } | Refusal {
    if (leaving) return state.leaves.take() ? parseStreamRequest(raw, this.deps.knownSymbol) : refusal('COMMON.RATE_LIMITED');
    // The socket's own budget first: one noisy socket empties its own, not its neighbours' behind the same NAT.
    if (!state.budget.take() || !state.addressBudget.take()) return refusal('COMMON.RATE_LIMITED');
    return parseStreamRequest(raw, this.deps.knownSymbol);
  }

  private async subscribe(socket: RealtimeSocket, state: SocketState, raw: unknown): Promise<StreamAck | Refusal> {
    const parsed = this.parse(state, raw);
    if (!parsed.ok) return parsed;
    const request = parsed.value;
    if (!state.rooms.has(request.key) && state.rooms.size >= SUBSCRIPTIONS_MAX) return refusal('STREAM.LIMIT');
    if (request.stream !== 'user') {
      state.rooms.set(request.key, request.key);
      await socket.join(request.key);
      // A depth view exists from now on (in the engine's process), so the first changes are already diffed against it.
      if (request.stream === 'depth') await this.deps.snapshots({ stream: 'depth', symbol: request.symbol });
      return { ok: true };
    }
    const session = await this.deps.lookupSession(request.token);
    if (!session) return refusal('AUTH.SESSION_EXPIRED');
    if (!socket.connected || this.states.get(socket.id) !== state) return refusal('COMMON.INTERNAL');
    if (!state.rooms.has('user') && state.rooms.size >= SUBSCRIPTIONS_MAX) return refusal('STREAM.LIMIT');
    const previous = state.rooms.get('user');
    const room = userRoom(session.userId);
    if (previous && previous !== room) await socket.leave(previous);
    state.rooms.set('user', room);
    state.userClosed = false;
    this.deps.guard.add(socket.id, request.token, session.userId, session.expiresAtMs);
    await socket.join(room);
    return { ok: true };
  }

  private unsubscribe(socket: RealtimeSocket, state: SocketState, raw: unknown): StreamAck | Refusal {
    const parsed = this.parse(state, raw, true);
    if (!parsed.ok && parsed.code !== 'AUTH.LOGIN_REQUIRED') return parsed;
    // Leaving the user channel needs no token.
    const key = parsed.ok ? parsed.value.key : (raw as { stream?: unknown }).stream === 'user' ? 'user' : null;
    if (key === null) return parsed as Refusal;
    const room = state.rooms.get(key);
    if (room) {
      state.rooms.delete(key);
      void socket.leave(room);
      if (key === 'user') this.deps.guard.remove(socket.id);
    }
    return { ok: true };
  }

  private async snapshot(socket: RealtimeSocket, state: SocketState, raw: unknown): Promise<SnapshotAnswer> {
    const parsed = this.parse(state, raw);
    if (!parsed.ok) return parsed;
    const request = parsed.value;
    if (!state.rooms.has(request.key)) return refusal(request.key === 'user' && state.userClosed ? 'AUTH.SESSION_EXPIRED' : 'STREAM.NOT_SUBSCRIBED');
    let query: SnapshotQuery;
    if (request.stream === 'user') {
      const userId = this.deps.guard.live(socket.id);
      if (userId === null) return refusal('AUTH.SESSION_EXPIRED');
      query = { stream: 'user', userId };
    } else if (request.stream === 'tickers') {
      query = { stream: 'tickers' };
    } else if (request.stream === 'kline') {
      query = { stream: 'kline', symbol: request.symbol, interval: request.interval };
    } else {
      query = { stream: request.stream, symbol: request.symbol };
    }
    return this.deps.snapshots(query);
  }
}
