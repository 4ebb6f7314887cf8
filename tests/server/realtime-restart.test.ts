import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * A server stopped the ordinary way (SIGTERM on a deploy or a restart) must leave its clients
 * reconnecting. socket.io-client never reconnects after the server's own disconnect packet ("io
 * server disconnect"), so a shutdown that sent one left every open app "Reconnecting…" for good.
 */
const servers: TestServer[] = [];
let socket: Socket | undefined;
afterAll(async () => {
  socket?.close();
  for (const t of servers) await t.close().catch(() => undefined);
});

describe('a server restart', () => {
  it('drops its sockets as a closed transport, and they come back to the next server on their own', async () => {
    const first = await startTestServer();
    servers.push(first);
    const port = Number(new URL(first.url).port);
    socket = io(first.url, { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 200 });
    const connects: number[] = [];
    const reasons: string[] = [];
    socket.on('connect', () => connects.push(Date.now()));
    socket.on('disconnect', (reason) => reasons.push(reason));
    await expect.poll(() => connects.length).toBe(1);

    await first.close();
    await expect.poll(() => reasons).toEqual(['transport close']);

    const second = await startTestServer({ port });
    servers.push(second);
    await expect.poll(() => connects.length, { timeout: 10_000 }).toBe(2);
    expect(socket.connected).toBe(true);
  });
});
