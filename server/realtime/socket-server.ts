import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Clock } from '../services/clock.ts';
import { hashToken } from '../services/session-service.ts';
import type { Log } from '../services/service-context.ts';
import { AddressLimits, type AddressLimitOptions } from './address-limits.ts';
import type { SnapshotSource } from './engine-snapshots.ts';
import type { RealtimeServer } from './realtime-server.ts';
import { RoomFanout, type FanoutOptions, type HookableAdapter } from './room-fanout.ts';
import { StreamHandlers } from './stream-handlers.ts';
import { UserChannelGuard } from './user-channel-guard.ts';

export interface SocketServerOptions {
  /** TRUST_PROXY: the per-address limits see X-Forwarded-For's client, as the HTTP API's rate limit does. */
  trustProxy: boolean;
  /** The per-address limits' tunables (address-limits.ts has the defaults and why). */
  addressLimits?: Partial<Omit<AddressLimitOptions, 'trustProxy'>> | undefined;
  /** How large rooms are written (room-fanout.ts has the defaults); 'off': socket.io's own broadcast, whole (STREAM_SLICE=off). */
  fanout?: Partial<FanoutOptions> | 'off' | undefined;
  log: Log;
}

export interface SocketServer {
  io: RealtimeServer;
  limits: AddressLimits;
  fanout: RoomFanout;
  /** Routes the namespace's broadcasts through the fan-out; call again after io.adapter(...) replaced it. */
  hookAdapter(): void;
}

/**
 * Socket.io on an HTTP server at /socket.io with the per-address limits, and large rooms written in
 * slices (room-fanout.ts). Websocket frames go out uncompressed (engine.io's default, kept on
 * purpose: per-message deflate would compress every socket's copy of a broadcast separately).
 */
export function createSocketServer(httpServer: HttpServer, options: SocketServerOptions): SocketServer {
  const limits = new AddressLimits({ ...options.addressLimits, trustProxy: options.trustProxy }, options.log);
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Quotes are small; a large frame is a mistake or an attack.
    maxHttpBufferSize: 64 * 1024,
    perMessageDeflate: false,
    // Fastify's rate limit never sees these requests: socket.io answers them on the raw server first.
    allowRequest: limits.allowRequest,
  });
  limits.attach(io.engine);
  const fanout = new RoomFanout(options.fanout === 'off' ? {} : options.fanout);
  const hookAdapter = () => {
    if (options.fanout !== 'off') fanout.hook(io.of('/').adapter as unknown as HookableAdapter);
  };
  hookAdapter();
  return { io, limits, fanout, hookAdapter };
}

export interface StreamServing {
  /** This process's snapshots, or the engine process's (engine-snapshots.ts). */
  snapshots: SnapshotSource;
  knownSymbol(symbol: string): boolean;
  lookupSession(token: string): Promise<{ userId: number; expiresAtMs: number } | null>;
  version: string;
  clock: Clock;
  log: Log;
}

/**
 * Every connection gets a typed `hello`, then subscribes to streams (stream-handlers.ts); the user
 * channel is held to live sessions (user-channel-guard.ts). Answers the guard, whose `revoked` the
 * caller feeds, and a stop.
 */
export function serveStreams(server: SocketServer, serving: StreamServing): { guard: UserChannelGuard; stop(): void } {
  const { io, limits } = server;
  let handlers: StreamHandlers | null = null;
  const guard = new UserChannelGuard({
    lookup: (token) => serving.lookupSession(token),
    hashToken,
    nowMs: () => serving.clock.now().getTime(),
    close: (socketId) => handlers?.closeUserChannel(socketId),
  });
  handlers = new StreamHandlers(io, {
    snapshots: serving.snapshots,
    knownSymbol: (symbol) => serving.knownSymbol(symbol),
    lookupSession: (token) => serving.lookupSession(token),
    addressBudget: (socket) => limits.eventBudget(socket.request),
    guard,
    log: serving.log,
  });
  guard.start();
  const active = handlers;
  io.on('connection', (socket) => {
    socket.emit('hello', { version: serving.version, server_time: serving.clock.now().toISOString() });
    active.attach(socket);
  });
  return { guard, stop: () => guard.stop() };
}
