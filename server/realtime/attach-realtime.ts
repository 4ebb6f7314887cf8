import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/socket-events.ts';
import type { Clock } from '../services/clock.ts';
import type { Log } from '../services/service-context.ts';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

export interface Realtime {
  io: RealtimeServer;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  redisUrl: string | undefined;
  version: string;
  clock: Clock;
  log: Log;
}

/**
 * Socket.io on the API's HTTP server at /socket.io. With REDIS_URL, rooms and broadcasts are shared
 * through Redis so several processes behind one load balancer act as one. Streams come later; for
 * now each connection gets a typed `hello`.
 */
export async function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Quotes are small; a large frame is a mistake or an attack.
    maxHttpBufferSize: 64 * 1024,
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error: unknown) => options.log.warn({ err: error }, 'redis (socket.io publisher) error'));
    sub.on('error', (error: unknown) => options.log.warn({ err: error }, 'redis (socket.io subscriber) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
    options.log.info({}, 'socket.io redis adapter attached');
  }

  io.on('connection', (socket) => {
    socket.emit('hello', { version: options.version, server_time: options.clock.now().toISOString() });
  });

  return {
    io,
    async close() {
      io.disconnectSockets(true);
      // Closes the engine only; the HTTP server is closed by Fastify.
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
