import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { HelloPayload } from '../../contract/socket-events.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

function helloOver(transport: 'websocket' | 'polling'): Promise<HelloPayload> {
  const socket: Socket = io(t.url, { path: '/socket.io', transports: [transport], reconnection: false, timeout: 5000 });
  return new Promise<HelloPayload>((resolve, reject) => {
    socket.on('hello', (payload: HelloPayload) => resolve(payload));
    socket.on('connect_error', reject);
  }).finally(() => socket.close());
}

describe('socket.io at /socket.io', () => {
  it('greets each connection with a typed hello, over websocket and over polling', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      const hello = await helloOver(transport);
      expect(hello.version).toBe('0.8.0');
      expect(Date.parse(hello.server_time)).toBe(t.clock.now().getTime());
    }
  });

  it('does not serve the client bundle', async () => {
    expect((await fetch(`${t.url}/socket.io/socket.io.js`)).status).not.toBe(200);
  });
});
