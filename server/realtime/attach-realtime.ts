import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import type { Clock } from '../services/clock.ts';
import type { Services } from '../services/create-services.ts';
import type { MarketServices } from '../modules/market/module.ts';
import { hashToken } from '../services/session-service.ts';
import type { StreamSink } from '../services/market-data/stream-sink.ts';
import type { Log } from '../services/service-context.ts';
import { closeRedis, openRedis } from '../src/redis-connection.ts';
import { AddressLimits, type AddressLimitOptions } from './address-limits.ts';
import { answerSnapshotRequests, localSnapshots, remoteSnapshots } from './engine-snapshots.ts';
import type { RealtimeServer } from './realtime-server.ts';
import { StreamHandlers } from './stream-handlers.ts';
import { UserChannelGuard } from './user-channel-guard.ts';

export type { RealtimeServer };

export interface Realtime {
  io: RealtimeServer;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  redisUrl: string | undefined;
  /**
   * The Redis channels' prefix: processes share rooms only with the same key, so processes on
   * different PostgreSQL schemas (tests side by side) never hear each other. Default "socket.io".
   */
  redisKey?: string;
  /** False on a follower (engine-lease.ts): its snapshots come from the engine's process. Default true. */
  engineLeader?: boolean;
  /** TRUST_PROXY: the per-address limits see X-Forwarded-For's client, as the HTTP API's rate limit does. Default false. */
  trustProxy?: boolean;
  /** The per-address limits' tunables (address-limits.ts has the defaults and why). */
  addressLimits?: Partial<Omit<AddressLimitOptions, 'trustProxy'>>;
  version: string;
  clock: Clock;
  log: Log;
  /** The market streams' sources; without them only `hello` is served. */
  services?: Pick<Services, 'sessions'> & Pick<MarketServices, 'marketStreams' | 'marketData'>;
  /** What product modules send on users' private channels (ModuleSet.userEvents); each answers its stop. */
  userEvents?: (sink: StreamSink) => (() => void)[];
}

const USER_ROOM = /^user:(\d+)$/;

/**
 * Socket.io on the API's HTTP server at /socket.io. Each connection gets a typed `hello`, then
 * subscribes to streams (stream-handlers.ts): one room per stream key, "user:<uid>" for a user's
 * private channel. With REDIS_URL, rooms and broadcasts are shared through Redis so several
 * processes behind one load balancer act as one (the streams are produced by the process that runs
 * the matching engine; see server/README.md).
 */
export async function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const limits = new AddressLimits({ ...options.addressLimits, trustProxy: options.trustProxy ?? false }, options.log);
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Quotes are small; a large frame is a mistake or an attack.
    maxHttpBufferSize: 64 * 1024,
    // Fastify's rate limit never sees these requests: socket.io answers them on the raw server first.
    allowRequest: limits.allowRequest,
  });
  limits.attach(io.engine);

  const redisClients = options.redisUrl
    ? await Promise.all([openRedis(options.redisUrl, options.log, 'socket.io publisher'), openRedis(options.redisUrl, options.log, 'socket.io subscriber')])
    : [];
  if (redisClients.length > 0) {
    const [pub, sub] = redisClients;
    // The adapter publishes without handling a failure, and ioredis fails the commands it queued
    // while Redis is away after maxRetriesPerRequest (about 10 s): unhandled, each rejection would
    // end the process. A broadcast lost in an outage is what the clients' seq gaps recover from;
    // the outage itself is logged by the connection's 'error' events.
    const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
    pub.publish = ((channel: string, message: string | Buffer) => publish(channel, message).catch(() => 0)) as typeof pub.publish;
    io.adapter(createAdapter(pub, sub, { key: options.redisKey ?? 'socket.io' }));
    options.log.info({}, 'socket.io redis adapter attached');
  }

  const services = options.services;
  let handlers: StreamHandlers | null = null;
  let guard: UserChannelGuard | null = null;
  const stopRevocations: (() => void)[] = [];
  if (services) {
    guard = new UserChannelGuard({
      lookup: (token) => services.sessions.lookup(token),
      hashToken,
      nowMs: () => options.clock.now().getTime(),
      close: (socketId) => handlers?.closeUserChannel(socketId),
    });
    const activeGuard = guard;
    const leader = options.engineLeader ?? true;
    const local = localSnapshots(services.marketStreams);
    // Every process answers the others' snapshot requests (a follower with null), so none waits for a timeout.
    if (options.redisUrl) answerSnapshotRequests(io, leader ? local : null, options.log);
    handlers = new StreamHandlers(io, {
      snapshots: leader || !options.redisUrl ? local : remoteSnapshots(io, options.log),
      knownSymbol: (symbol) => services.marketData.has(symbol),
      lookupSession: (token) => services.sessions.lookup(token),
      addressBudget: (socket) => limits.eventBudget(socket.request),
      guard: activeGuard,
      log: options.log,
    });
    stopRevocations.push(services.sessions.onRevoked((revoked) => activeGuard.revoked(revoked)));
    activeGuard.start();
    const shared = Boolean(options.redisUrl);
    const sink: StreamSink = {
      emit(room, event, payload) {
        const user = USER_ROOM.exec(room);
        if (user) activeGuard.checkUser(Number(user[1]));
        (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
      },
      // With Redis another process may hold listeners: always send.
      hasAudience: (room) => shared || (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0,
    };
    services.marketStreams.attach(sink);
    // Products' private messages (contracts' risk and settled options ...) go to the same user rooms.
    stopRevocations.push(...(options.userEvents?.(sink) ?? []));
  }

  io.on('connection', (socket) => {
    socket.emit('hello', { version: options.version, server_time: options.clock.now().toISOString() });
    handlers?.attach(socket);
  });

  return {
    io,
    async close() {
      limits.stop();
      guard?.stop();
      for (const stop of stopRevocations) stop();
      // The connections drop without socket.io's disconnect packet: a client told "server disconnect"
      // stays away for good, one whose transport closed reconnects with its backoff, which is what
      // a restart or a deploy wants. Closes the engine only; the HTTP server is closed by Fastify.
      io.engine.close();
      await closeRedis(redisClients);
    },
  };
}
