// A weak mobile link between the browser and the server, as a TCP proxy: every byte waits for its
// turn on one shared link of `kbps` in each direction, then half the round trip, so a request and
// its answer cost one `rttMs` plus their transfer time, and parallel downloads share the bandwidth
// the way they share a phone's radio link. A new connection first pays one round trip more (the
// TCP handshake), as it does on a phone.
//
// Why not Chromium's own throttling (CDP Network.emulateNetworkConditions): while it is on, the
// page is not controlled by its service worker (measured: navigator.serviceWorker.controller stays
// null on a repeat visit), so a repeat visit could never show what the worker gives a real phone.
import { createServer, connect } from 'node:net';

/**
 * What the link carries as one unit: a TCP segment's payload on a typical mobile path (1,500-byte
 * MTU less 40 bytes of headers). A bigger write from either end crosses as a train of these, so the
 * browser has the first bytes of an answer as soon as they have crossed, as a phone's TCP stack
 * would, rather than only when the whole write has.
 */
const SEGMENT_BYTES = Number(process.env.SLOW_LINK_SEGMENT ?? 1460);

/**
 * Starts the proxy on a free local port in front of `target` ("http://127.0.0.1:PORT").
 * Answers { url, bytesDown(fromMs, toMs), whenIdle(), close() }: bytesDown counts what the link handed to the
 * browser between two wall-clock times (Date.now() ms), headers and all, as a phone's radio would.
 */
export async function startSlowLink({ target, kbps, rttMs }) {
  const { hostname, port } = new URL(target);
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  // When each direction of the link is next free (ms, performance.now() clock).
  const freeAt = { down: 0, up: 0 };
  const sockets = new Set();
  /** Every chunk handed to the browser: [Date.now() ms, bytes]. */
  const delivered = [];

  /**
   * One direction of one connection: chunks go over the shared link in turn and are written to
   * `to` in their order after half a round trip (one timer at a time, so order is never lost).
   */
  const pipe = (direction, to, notBefore) => {
    const queue = [];
    let timer = null;
    let last = 0;
    const drain = () => {
      timer = null;
      while (queue.length > 0 && queue[0].at <= performance.now()) {
        const { chunk, end } = queue.shift();
        if (to.destroyed) continue;
        if (end) to.end();
        else {
          to.write(chunk);
          if (direction === 'down') delivered.push([Date.now(), chunk.length]);
        }
      }
      if (queue.length > 0) timer = setTimeout(drain, Math.max(0, queue[0].at - performance.now()));
    };
    const push = (item) => {
      queue.push(item);
      if (timer === null) timer = setTimeout(drain, Math.max(0, queue[0].at - performance.now()));
    };
    return {
      send(data) {
        for (let at = 0; at < data.length; at += SEGMENT_BYTES) this.segment(data.subarray(at, at + SEGMENT_BYTES));
      },
      segment(chunk) {
        const start = Math.max(performance.now(), freeAt[direction], notBefore);
        freeAt[direction] = start + chunk.length / bytesPerMs;
        last = freeAt[direction] + rttMs / 2;
        push({ at: last, chunk });
      },
      /** A close travels the link too: after the last byte. */
      end() {
        push({ at: Math.max(last, performance.now()), end: true });
      },
    };
  };

  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client);
    sockets.add(upstream);
    // The handshake's round trip comes before this connection's first request can leave.
    const up = pipe('up', upstream, performance.now() + rttMs);
    const down = pipe('down', client, 0);
    client.on('data', (chunk) => up.send(chunk));
    upstream.on('data', (chunk) => down.send(chunk));
    client.on('end', () => up.end());
    upstream.on('end', () => down.end());
    for (const socket of [client, upstream]) {
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    /**
     * Resolves once nothing is left on the link in either direction, so one load does not start
     * behind the tail of an earlier one (a closed page's queued bytes still hold the link, since
     * they were sent before it closed).
     */
    async whenIdle() {
      for (;;) {
        const busyFor = Math.max(freeAt.down, freeAt.up) + rttMs / 2 - performance.now();
        if (busyFor <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, busyFor + 1));
      }
    },
    bytesDown: (fromMs, toMs) => delivered.reduce((sum, [at, bytes]) => (at >= fromMs && at <= toMs ? sum + bytes : sum), 0),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
