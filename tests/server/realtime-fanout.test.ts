import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, makeUser, type TestUser } from './helpers/money.ts';
import { killProcess, startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { limit, trade } from './helpers/spot.ts';
import { pause, StreamSocket, StreamSockets } from './helpers/stream-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Large rooms are written in slices (server/realtime/room-fanout.ts): every socket gets every
 * message of the room in order, messages sent during a walk wait for it, and HTTP requests are
 * answered between slices. Slices are made tiny here (50 sockets and up, 4 sockets a turn) so a
 * few hundred in-process clients span many event-loop turns. Then a stream gateway process
 * (server/src/gateway-main.ts) on the engine's relay: its client gets the engine's tickers and its
 * own user channel.
 */
const CLIENTS = 240;
let t: TestServer;
let relayDir: string;
let alice: TestUser;
let bob: TestUser;
const sockets = new StreamSockets();
const clients: StreamSocket[] = [];

beforeAll(async () => {
  relayDir = mkdtempSync(join(tmpdir(), 'brisk-relay-'));
  t = await startTestServer({ streamRelay: join(relayDir, 'relay.sock') }, {
    fanout: { sliceFrom: 50, sliceBudgetMs: 0, clockEvery: 4 },
    // Every client comes from 127.0.0.1.
    realtimeLimits: { socketsPerAddress: 1000, handshakeBurst: 1000, eventBurst: 10_000 },
  });
  alice = await makeUser(t, 'alice@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await fund(t, alice.uid, 'USDT', '1000000');
  await fund(t, bob.uid, 'BTC', '50');
  for (let i = 0; i < CLIENTS; i += 20) {
    const opened = await Promise.all(Array.from({ length: 20 }, () => sockets.connect(t)));
    await Promise.all(opened.map((s) => s.call('subscribe', { stream: 'tickers' })));
    clients.push(...opened);
  }
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
  rmSync(relayDir, { recursive: true, force: true });
});

const tickerSeqs = (s: StreamSocket) => s.of('tickers').map((m) => m.seq);

describe('sliced room writes', () => {
  it('delivers every ticker batch to every socket, in order, seqs contiguous from the snapshot', async () => {
    const { fanout } = t.server.realtime;
    const snapshot = await clients[0]!.call<{ seq: number }>('snapshot', { stream: 'tickers' });
    const slicedBefore = fanout.stats.sliced;
    await limit(t, alice, 'buy', '61000', '1');
    const startedMs = performance.now();
    while (performance.now() - startedMs < 1200) await trade(t, bob, { symbol: 'BTC/USDT', type: 'sell', target_price: '60500', amount: '0.001' });
    await pause(700);
    const expected = tickerSeqs(clients[0]!);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(expected).toEqual(expected.map((_, i) => snapshot.seq + 1 + i));
    for (const client of clients) expect(tickerSeqs(client)).toEqual(expected);
    // Every batch went through the sliced writer, and each carried the server's time.
    expect(fanout.stats.sliced - slicedBefore).toBe(expected.length);
    for (const message of clients.at(-1)!.of('tickers')) expect(Date.parse(message.time as string)).toBeGreaterThan(0);
  });

  it('keeps a room\'s order when messages arrive while it is being written: each socket gets them all, in one write', async () => {
    const { fanout } = t.server.realtime;
    const before = clients.map((c) => c.of('tickers').length);
    const walksBefore = fanout.stats.walks;
    const combinedBefore = fanout.stats.combinedWalks;
    const turnsBefore = fanout.stats.turns;
    // `local`: to this process's sockets only, written in the emit itself (a relayed broadcast is written a microtask later).
    for (let seq = 9001; seq <= 9005; seq += 1) t.server.io.local.to('tickers').emit('tickers', { seq, time: new Date().toISOString(), tickers: [] });
    expect(fanout.busyRooms).toBe(1);
    await new Promise<void>((resolve) => {
      if (fanout.whenIdle('tickers', resolve)) resolve();
    });
    // The first message walked the room alone; the four sent meanwhile went out together in one
    // more walk, as one write of four websocket frames per socket, which the clients read as four messages.
    expect(fanout.stats.walks - walksBefore).toBe(2);
    expect(fanout.stats.combinedWalks - combinedBefore).toBe(1);
    // Both walks in slices of 4 sockets, the combined one too.
    expect(fanout.stats.turns - turnsBefore).toBeGreaterThanOrEqual(2 * (CLIENTS / 4));
    await pause(300);
    clients.forEach((client, i) => expect(tickerSeqs(client).slice(before[i]).filter((seq) => seq > 9000)).toEqual([9001, 9002, 9003, 9004, 9005]));
  });

  it('answers an HTTP request made while a large room is being written before the writes end', async () => {
    const { fanout } = t.server.realtime;
    const order: string[] = [];
    // A kept-alive connection, so the request below needs no new one.
    await t.ok('/api/currency/quotation_new', { method: 'GET' });
    expect(fanout.busyRooms).toBe(0);
    for (let seq = 9101; seq <= 9104; seq += 1) t.server.io.local.to('tickers').emit('tickers', { seq, time: new Date().toISOString(), tickers: [] });
    const written = new Promise<void>((resolve) => {
      const idleNow = fanout.whenIdle('tickers', () => {
        order.push('written');
        resolve();
      });
      // Written whole, in the emit itself, the request could only come after: this is the claim under test.
      expect(idleNow).toBe(false);
    });
    const answered = t.ok('/api/currency/quotation_new', { method: 'GET' }).then(() => order.push('http'));
    await Promise.all([written, answered]);
    expect(order).toEqual(['http', 'written']);
    await pause(300);
    for (const client of clients) expect(tickerSeqs(client).filter((seq) => seq > 9100)).toEqual([9101, 9102, 9103, 9104]);
  });
});

describe('stream gateway on the relay', () => {
  let gateway: ServerProcess | undefined;
  afterAll(async () => killProcess(gateway));

  it('serves the engine\'s tickers and the user channel to its own sockets', async () => {
    // No REDIS_URL (the suite may run with one): the relay and Redis exclude each other.
    gateway = await startServerProcess({ STREAM_RELAY: join(relayDir, 'relay.sock'), DATA_DIR: relayDir, REDIS_URL: undefined }, 'server/src/gateway-main.ts');
    const s = await StreamSocket.connect({ url: gateway.url } as TestServer);
    try {
      expect(await s.call('subscribe', { stream: 'tickers' })).toEqual({ ok: true });
      expect(await s.call('subscribe', { stream: 'depth', symbol: 'NOPE/USDT' })).toEqual({ ok: false, code: 'MARKET.SYMBOL_UNAVAILABLE' });
      expect(await s.call('subscribe', { stream: 'user', token: alice.token })).toEqual({ ok: true });
      // Snapshots are the engine's: the same seq as a socket on the engine's process sees.
      const snapshot = await s.call<{ seq: number; tickers: unknown[] }>('snapshot', { stream: 'tickers' });
      expect(snapshot.seq).toBe((await clients[0]!.call<{ seq: number }>('snapshot', { stream: 'tickers' })).seq);
      expect(snapshot.tickers.length).toBeGreaterThanOrEqual(30);
      const user = await s.call<{ stream: string; seq: number }>('snapshot', { stream: 'user', token: alice.token });
      expect(user.stream).toBe('user');

      const order = await limit(t, alice, 'buy', '59000', '0.01');
      await trade(t, bob, { symbol: 'BTC/USDT', type: 'sell', target_price: '59000', amount: '0.001' });
      const [tickers] = await s.waitFor('tickers', () => true, 1, 5000);
      expect(tickers!.seq).toBe(snapshot.seq + 1);
      const mine = await s.waitFor('user', (m) => (m.orders as { id: number }[]).some((o) => o.id === order.id), 1, 5000);
      expect(mine[0]!.seq).toBeGreaterThan(user.seq);

      // A logout on the engine's process closes the channel on the gateway too.
      await t.ok('/api/user/logout', { token: alice.token });
      let answer: unknown;
      for (let i = 0; i < 50; i += 1) {
        answer = await s.call('snapshot', { stream: 'user', token: alice.token });
        if ((answer as { ok?: boolean }).ok === false) break;
        await pause(100);
      }
      expect(answer).toEqual({ ok: false, code: 'AUTH.SESSION_EXPIRED' });
    } finally {
      s.close();
    }
  }, 60_000);
});
