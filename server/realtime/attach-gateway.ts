import type { Server as HttpServer } from 'node:http';
import type { Namespace } from 'socket.io';
import type { Clock } from '../services/clock.ts';
import type { Log } from '../services/service-context.ts';
import type { AddressLimitOptions } from './address-limits.ts';
import { answerSnapshotRequests, remoteSnapshots } from './engine-snapshots.ts';
import { answerNothing, remoteSession, remoteSymbols } from './gateway-requests.ts';
import type { RealtimeServer } from './realtime-server.ts';
import { RelayAdapter } from './relay-adapter.ts';
import { RelayMember } from './relay-member.ts';
import type { FanoutOptions, RoomFanout } from './room-fanout.ts';
import { createSocketServer, serveStreams } from './socket-server.ts';

export interface GatewayOptions {
  /** STREAM_RELAY: the engine process's relay socket. */
  relayPath: string;
  trustProxy: boolean;
  addressLimits?: Partial<Omit<AddressLimitOptions, 'trustProxy'>> | undefined;
  fanout?: Partial<FanoutOptions> | 'off' | undefined;
  version: string;
  clock: Clock;
  log: Log;
}

export interface Gateway {
  io: RealtimeServer;
  fanout: RoomFanout;
  relay: RelayMember;
  close(): Promise<void>;
}

/** The symbols are asked again this often: a pair listed at runtime (ops pair-add) streams here within it. */
const SYMBOLS_REFRESH_MS = 2_000;
const SYMBOLS_RETRY_MS = 1_000;

/**
 * A stream gateway: socket.io with the same protocol, limits and fan-out as the API process, on
 * sockets of its own, sharing rooms with the engine's process through the stream relay. It has no
 * database: snapshots, session lookups and the symbols come from the engine's process (server-side
 * requests through the relay), broadcasts arrive as the engine sends them. Resolves once the relay
 * is joined and the symbols are known, so it never refuses a good subscription.
 */
export async function attachGateway(httpServer: HttpServer, options: GatewayOptions): Promise<Gateway> {
  const server = createSocketServer(httpServer, { trustProxy: options.trustProxy, addressLimits: options.addressLimits, fanout: options.fanout, log: options.log });
  const { io, limits, fanout } = server;
  const relay = new RelayMember(options.relayPath, options.log);
  let adapter: RelayAdapter | null = null;
  io.adapter(function relayAdapter(nsp: Namespace) {
    adapter = new RelayAdapter(nsp, relay.link);
    return adapter;
  } as unknown as Parameters<RealtimeServer['adapter']>[0]);
  server.hookAdapter();
  answerSnapshotRequests(io, null, options.log);
  answerNothing(io);
  await relay.start(adapter as unknown as RelayAdapter);

  let symbols = new Set<string>();
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const loadSymbols = async (): Promise<boolean> => {
    const answer = await remoteSymbols(io);
    if (answer) symbols = new Set(answer);
    return answer !== null;
  };
  const refresh = () => {
    if (closed) return;
    void loadSymbols().then((ok) => {
      if (closed) return;
      timer = setTimeout(refresh, ok ? SYMBOLS_REFRESH_MS : SYMBOLS_RETRY_MS);
      timer.unref();
    });
  };
  // The engine's adapter may hear this one's first heartbeat a moment after the relay opens.
  while (!(await loadSymbols())) {
    options.log.warn({ path: options.relayPath }, 'stream gateway: no symbols from the engine process yet');
    await new Promise((resolve) => setTimeout(resolve, SYMBOLS_RETRY_MS));
  }
  timer = setTimeout(refresh, SYMBOLS_REFRESH_MS);
  timer.unref();

  const serving = serveStreams(server, {
    snapshots: remoteSnapshots(io, options.log),
    knownSymbol: (symbol) => symbols.has(symbol),
    lookupSession: (token) => remoteSession(io, token),
    version: options.version,
    clock: options.clock,
    log: options.log,
  });
  io.on('sessionRevoked', (revoked) => serving.guard.revoked(revoked));

  return {
    io,
    fanout,
    relay,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      limits.stop();
      serving.stop();
      io.engine.close();
      (adapter as unknown as RelayAdapter).close();
      relay.close();
    },
  };
}
