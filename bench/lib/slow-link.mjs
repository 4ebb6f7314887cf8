// A weak mobile link between the browser and the server, as a SOCKS5 proxy the browser is pointed
// at: every byte waits for its turn on one shared link of `kbps` in each direction, then half the
// round trip, so a request and its answer cost one `rttMs` plus their transfer time, and parallel
// downloads share the bandwidth the way they share a phone's radio link. A new connection opens a
// round trip after the browser asks for it (the TCP handshake), as it does on a phone, and the
// browser knows it is still opening.
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
 * Answers { url, proxyArgs, bytesDown(fromMs, toMs), whenIdle(), close() }: bytesDown counts what the link handed to the
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
  const pipe = (direction, to) => {
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
        const start = Math.max(performance.now(), freeAt[direction]);
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

  /** Joins an accepted browser connection to the server through the link, once its handshake is done. */
  const relay = (client, upstream, rest) => {
    const up = pipe('up', upstream);
    const down = pipe('down', client);
    client.on('data', (chunk) => up.send(chunk));
    upstream.on('data', (chunk) => down.send(chunk));
    client.on('end', () => up.end());
    upstream.on('end', () => down.end());
    if (rest.length > 0) up.send(rest);
    client.resume();
  };

  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    // The browser speaks SOCKS5 to us (`proxyArgs`): it counts a connection as open only once the
    // proxy says so, and that answer comes a round trip after the browser asked (the TCP handshake
    // a phone pays). A plain localhost proxy would be open at once, and the browser would then never
    // wait on a connection still opening, nor hand its request to one that frees up meanwhile.
    const acceptedAt = performance.now();
    let buffered = Buffer.alloc(0);
    let stage = 'greeting';
    const onData = (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (stage === 'greeting') {
        if (buffered.length < 2 || buffered.length < 2 + buffered[1]) return;
        if (buffered[0] !== 5) return void client.destroy();
        buffered = buffered.subarray(2 + buffered[1]);
        stage = 'request';
        client.write(Buffer.from([5, 0]));
      }
      if (stage !== 'request' || buffered.length < 5) return;
      const addressLength = { 1: 4, 3: 1 + buffered[4], 4: 16 }[buffered[3]];
      if (buffered[0] !== 5 || buffered[1] !== 1 || addressLength === undefined) return void client.destroy();
      if (buffered.length < 4 + addressLength + 2) return;
      stage = 'open';
      client.off('data', onData);
      // Held until the relay listens: bytes read with no 'data' listener would be lost.
      client.pause();
      const rest = buffered.subarray(4 + addressLength + 2);
      // Every connection goes to the server under test, whatever the browser asked for.
      const upstream = connect(Number(port), hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      upstream.once('connect', () => {
        setTimeout(() => {
          if (client.destroyed) return upstream.destroy();
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          relay(client, upstream, rest);
        }, Math.max(0, acceptedAt + rttMs - performance.now()));
      });
    };
    client.on('data', onData);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyPort = server.address().port;
  return {
    /** Where the browser loads the app: the server itself, reached through the proxy. */
    url: target.replace(/\/$/, ''),
    /** Chromium flags that send every connection through the link, localhost included. */
    proxyArgs: [`--proxy-server=socks5://127.0.0.1:${proxyPort}`, '--proxy-bypass-list=<-loopback>'],
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
