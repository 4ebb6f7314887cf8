import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Namespace } from 'socket.io';
import type { Clock } from '../services/clock.ts';
import type { Services } from '../services/create-services.ts';
import type { StreamSink } from '../services/market-data/stream-sink.ts';
import type { Log } from '../services/service-context.ts';
import { closeRedis, openRedis } from '../src/redis-connection.ts';
import type { AddressLimitOptions } from './address-limits.ts';
import { answerSnapshotRequests, remoteSnapshots, type StreamSource } from './engine-snapshots.ts';
import { answerGateways } from './gateway-requests.ts';
import type { RealtimeServer } from './realtime-server.ts';
import { RelayAdapter } from './relay-adapter.ts';
import { RelayHub } from './relay-hub.ts';
import type { FanoutOptions, RoomFanout } from './room-fanout.ts';
import { createSocketServer, serveStreams } from './socket-server.ts';

export type { RealtimeServer };

export interface Realtime {
  io: RealtimeServer;
  /** How large rooms are written (tests read its stats and wait on it). */
  fanout: RoomFanout;
  /** The stream relay's hub when STREAM_RELAY is set (gateways connected: `relay.size`). */
  relay: RelayHub | null;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  redisUrl: string | undefined;
  /**
   * The Redis channels' prefix: processes share rooms only with the same key, so processes on
   * different PostgreSQL schemas (tests side by side) never hear each other. Default "socket.io".
   */
  redisKey?: string;
  /**
   * STREAM_RELAY: this process (the engine's) serves stream gateway processes on this unix socket
   * (relay-hub.ts): they hold sockets and share its rooms, as processes on Redis do.
   */
  relayPath?: string | undefined;
  /** False on a follower (engine-lease.ts): its snapshots come from the engine's process. Default true. */
  engineLeader?: boolean;
  /** TRUST_PROXY: the per-address limits see X-Forwarded-For's client, as the HTTP API's rate limit does. Default false. */
  trustProxy?: boolean;
  /** The per-address limits' tunables (address-limits.ts has the defaults and why). */
  addressLimits?: Partial<Omit<AddressLimitOptions, 'trustProxy'>> | undefined;
  /** How large rooms are written (room-fanout.ts has the defaults); 'off': socket.io's own broadcast, whole. */
  fanout?: Partial<FanoutOptions> | 'off' | undefined;
  version: string;
  clock: Clock;
  log: Log;
  /** Sessions for the user channel and the streams' source (ModuleSet.streams); without them only `hello` is served. */
  services?: Pick<Services, 'sessions'> & { streams: StreamSource };
  /** What product modules send on users' private channels (ModuleSet.userEvents); each answers its stop. */
  userEvents?: (sink: StreamSink) => (() => void)[];
}

const USER_ROOM = /^user:(\d+)$/;

/**
 * Socket.io on the API's HTTP server at /socket.io. Each connection gets a typed `hello`, then
 * subscribes to streams (stream-handlers.ts): one room per stream key, "user:<uid>" for a user's
 * private channel. With REDIS_URL, rooms and broadcasts are shared through Redis so several
 * processes behind one load balancer act as one (the streams are produced by the process that runs
 * the matching engine; see server/README.md); with STREAM_RELAY, through a unix socket with stream
 * gateway processes on this machine. Large rooms are written in slices (room-fanout.ts).
 */
export async function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const server = createSocketServer(httpServer, { trustProxy: options.trustProxy ?? false, addressLimits: options.addressLimits, fanout: options.fanout, log: options.log });
  const { io, limits, fanout } = server;

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
    server.hookAdapter();
    options.log.info({}, 'socket.io redis adapter attached');
  }
  let relay: RelayHub | null = null;
  if (options.relayPath) {
    const hub = new RelayHub(options.log);
    io.adapter(function relayAdapter(nsp: Namespace) {
      const adapter = new RelayAdapter(nsp, hub.localLink);
      hub.attachLocal(adapter);
      return adapter;
    } as unknown as Parameters<RealtimeServer['adapter']>[0]);
    server.hookAdapter();
    await hub.listen(options.relayPath);
    relay = hub;
  }
  const shared = redisClients.length > 0 || relay !== null;

  const services = options.services;
  const stops: (() => void)[] = [];
  if (services) {
    const leader = options.engineLeader ?? true;
    const local = services.streams.snapshots;
    // Every process answers the others' snapshot requests (a follower with null), so none waits for a timeout.
    if (shared) answerSnapshotRequests(io, leader ? local : null, options.log);
    if (relay) {
      stops.push(answerGateways(io, {
        lookupSession: (token) => services.sessions.lookup(token),
        symbols: () => services.streams.symbols(),
        onRevoked: (listener) => services.sessions.onRevoked(listener),
      }, options.log));
    }
    const serving = serveStreams(server, {
      snapshots: leader || !shared ? local : remoteSnapshots(io, options.log),
      knownSymbol: (symbol) => services.streams.knownSymbol(symbol),
      lookupSession: (token) => services.sessions.lookup(token),
      version: options.version,
      clock: options.clock,
      log: options.log,
    });
    const { guard } = serving;
    stops.push(serving.stop, services.sessions.onRevoked((revoked) => guard.revoked(revoked)));
    const localRooms = io.of('/').adapter.rooms;
    const hub = relay;
    const sink: StreamSink = {
      emit(room, event, payload) {
        const user = USER_ROOM.exec(room);
        if (user) guard.checkUser(Number(user[1]));
        (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
      },
      // With Redis another process may hold listeners: always send. Gateways tell the relay theirs.
      hasAudience: (room) => (redisClients.length > 0) || (localRooms.get(room)?.size ?? 0) > 0 || (hub?.hasRoom(room) ?? false),
      idle: (room, then) => fanout.whenIdle(room, then),
    };
    services.streams.attach(sink);
    // Products' private messages (contracts' risk and settled options ...) go to the same user rooms.
    stops.push(...(options.userEvents?.(sink) ?? []));
  } else {
    io.on('connection', (socket) => {
      socket.emit('hello', { version: options.version, server_time: options.clock.now().toISOString() });
    });
  }

  return {
    io,
    fanout,
    relay,
    async close() {
      limits.stop();
      for (const stop of stops) stop();
      // The connections drop without socket.io's disconnect packet: a client told "server disconnect"
      // stays away for good, one whose transport closed reconnects with its backoff, which is what
      // a restart or a deploy wants. Closes the engine only; the HTTP server is closed by Fastify.
      io.engine.close();
      // The relay adapter's heartbeat timers; the gateways see the relay close and dial again.
      if (relay) {
        (io.of('/').adapter as unknown as RelayAdapter).close();
        await relay.close();
      }
      await closeRedis(redisClients);
    },
  };
}
