// One load-generating process of bench/fanout.mjs (forked by it, driven over the IPC channel): opens
// its share of socket.io clients (websocket transport, one connection each), subscribes each to the
// tickers stream and keeps, per client, the last seq seen. Between 'start' and 'stop' it counts
// messages, seq gaps (and the messages they skipped), disconnects, and the lag of every message:
// arrival time minus the batch's server `time`, in a 1 ms histogram.
//
// `raw` clients (--client raw) speak the same protocol with `ws` alone (engine.io 4 / socket.io 5
// framing: open, connect, subscribe with an ack, pong every ping) and read a batch's seq and time
// from the frame's head without parsing the rest: about a fifth of socket.io-client's CPU a
// message, for runs where the load processes would otherwise be what falls behind.
//
// Each client binds its own loopback source address (127.<a>.<b>.<c>, 16 clients each), as phones
// behind different addresses do: the server's per-address socket limits stay as in production, and
// the 4-tuples never run out of ephemeral ports.
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';

const LAG_BUCKETS = 10_001; // 0..10,000 ms; the last bucket holds everything slower
const CLIENTS_PER_ADDRESS = 16;

const clients = [];
let counting = false;
let lag = new Uint32Array(LAG_BUCKETS);
let messages = 0;
let gaps = 0;
let missing = 0;
let disconnects = 0;
/** Why subscribed clients were dropped (socket.io's disconnect reasons), over the whole run. */
const dropReasons = {};
const failures = new Map();
let maxSeq = 0;
let minSeq = Infinity;

const send = (message) => process.send(message);

/** The loopback address of client `index` (global index across processes). */
function addressOf(index) {
  const a = Math.floor(index / CLIENTS_PER_ADDRESS) + 1;
  return `127.${10 + (a >> 16)}.${(a >> 8) & 255}.${a & 255}`;
}

function onTickers(client, message) {
  const arrived = Date.now();
  const { seq } = message;
  if (client.lastSeq !== null && seq !== client.lastSeq + 1 && counting) {
    gaps += 1;
    if (seq > client.lastSeq) missing += seq - client.lastSeq - 1;
  }
  client.lastSeq = seq;
  if (!counting) return;
  messages += 1;
  if (seq > maxSeq) maxSeq = seq;
  if (seq < minSeq) minSeq = seq;
  const ms = Math.max(0, arrived - Date.parse(message.time));
  lag[Math.min(ms, LAG_BUCKETS - 1)] += 1;
}

/** A frame head: 42["tickers",{"seq":N,"time":"..." (the server builds the payload in that order). */
const TICKERS_HEAD = /^42\["tickers",\{"seq":(\d+),"time":"([^"]+)"/;

function openRaw(url, index) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { localAddress: addressOf(index), perMessageDeflate: false });
    const client = { socket: { get connected() { return ws.readyState === WebSocket.OPEN; }, close: () => ws.close() }, lastSeq: null, subscribed: false };
    let settled = false;
    const done = (why) => {
      if (settled) return;
      settled = true;
      if (why) ws.terminate();
      resolve(why ? { client: null, why } : { client, why: null });
    };
    const timer = setTimeout(() => done('timeout'), 60_000);
    ws.on('error', (error) => done(error.message));
    ws.on('close', () => {
      clearTimeout(timer);
      if (!client.subscribed) return done('closed before subscribing');
      disconnects += 1;
      dropReasons['transport close'] = (dropReasons['transport close'] ?? 0) + 1;
    });
    ws.on('message', (data) => {
      const text = data.toString();
      const head = TICKERS_HEAD.exec(text);
      if (head) return onTickers(client, { seq: Number(head[1]), time: head[2] });
      if (text === '2') return ws.send('3');
      if (text.startsWith('0{')) return ws.send('40');
      if (text.startsWith('40')) return ws.send('420["subscribe",{"stream":"tickers"}]');
      if (text.startsWith('430')) {
        clearTimeout(timer);
        if (!text.includes('"ok":true')) return done(`subscribe refused: ${text}`);
        client.subscribed = true;
        done(null);
      }
    });
  });
}

function open(url, index, kind) {
  if (kind === 'raw') return openRaw(url, index);
  return new Promise((resolve) => {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 60_000,
      localAddress: addressOf(index),
    });
    const client = { socket, lastSeq: null, subscribed: false };
    socket.on('tickers', (message) => onTickers(client, message));
    socket.on('disconnect', (reason) => {
      if (!client.subscribed) return;
      disconnects += 1;
      dropReasons[reason] = (dropReasons[reason] ?? 0) + 1;
    });
    const fail = (why) => {
      socket.close();
      resolve({ client: null, why });
    };
    socket.once('connect_error', (error) => fail(error.message));
    socket.once('connect', () => {
      socket.timeout(60_000).emit('subscribe', { stream: 'tickers' }, (error, answer) => {
        if (error || !answer?.ok) return fail(error ? 'subscribe timed out' : answer?.code);
        client.subscribed = true;
        resolve({ client, why: null });
      });
    });
  });
}

async function openAll({ urls, from, count, concurrency, kind }) {
  let next = 0;
  const progress = setInterval(() => send({ type: 'progress', opened: clients.length, failures: Object.fromEntries(failures), dropReasons }), 10_000);
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const index = from + i;
      const { client, why } = await open(urls[index % urls.length], index, kind);
      if (client) clients.push(client);
      else failures.set(why, (failures.get(why) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  clearInterval(progress);
  send({ type: 'ready', opened: clients.length, failures: Object.fromEntries(failures) });
}

function cpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

let cpuAtStart = 0;
process.on('message', (command) => {
  switch (command.type) {
    case 'open':
      void openAll(command);
      return;
    case 'start':
      lag = new Uint32Array(LAG_BUCKETS);
      messages = 0;
      gaps = 0;
      missing = 0;
      disconnects = 0;
      maxSeq = 0;
      minSeq = Infinity;
      cpuAtStart = cpuMs();
      counting = true;
      return;
    case 'stop':
      counting = false;
      send({ type: 'stats', messages, gaps, missing, disconnects, dropReasons, maxSeq, minSeq: Number.isFinite(minSeq) ? minSeq : null, lag: Array.from(lag), cpuMs: cpuMs() - cpuAtStart });
      return;
    case 'behind': {
      // Clients that have not reached `seq` (a drop, once every message had time to arrive).
      let behind = 0;
      for (const client of clients) if (client.lastSeq === null || client.lastSeq < command.seq) behind += 1;
      send({ type: 'behind', behind, connected: clients.filter((c) => c.socket.connected).length });
      return;
    }
    case 'close':
      for (const client of clients) client.socket.close();
      setTimeout(() => process.exit(0), 200);
      return;
  }
});
process.on('disconnect', () => process.exit(0));
