import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * socket.io's per-address limits (server/realtime/address-limits.ts), with TRUST_PROXY on so each
 * test speaks from its own X-Forwarded-For address. The limits are shrunk and barely refill
 * (one token per 1,000 s), so every count below is exact and nothing waits for a refill.
 */
const LIMITS = { socketsPerAddress: 3, handshakeBurst: 6, handshakesPerSecond: 0.001, eventBurst: 10, eventsPerSecond: 0.001 };

let t: TestServer;
const opened: Socket[] = [];

beforeAll(async () => {
  t = await startTestServer({ trustProxy: true }, { realtimeLimits: LIMITS });
});
afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});
afterAll(async () => {
  await t?.close();
});

type Transport = 'websocket' | 'polling';

/** A refused handshake as socket.io-client's connect_error reported it. */
class Refused {
  constructor(readonly message: string, readonly status: unknown, readonly body: unknown) {}
}

/** What connect_error carries over polling: the HTTP status, and the request (its body is gone once the client cleans up). */
interface TransportError extends Error {
  description?: unknown;
  context?: { responseText?: string };
}

/** A connected socket, or how its handshake was refused. */
function connect(address: string, transport: Transport = 'websocket'): Promise<Socket | Refused> {
  const socket = io(t.url, { path: '/socket.io', transports: [transport], reconnection: false, timeout: 5000, forceNew: true, extraHeaders: { 'x-forwarded-for': address } });
  opened.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: TransportError) => {
      const text = error.context?.responseText;
      resolve(new Refused(error.message, error.description, text ? JSON.parse(text) : undefined));
      socket.close();
    });
  });
}

async function connected(address: string, transport: Transport = 'websocket'): Promise<Socket> {
  const outcome = await connect(address, transport);
  if (outcome instanceof Refused) throw new Error(`${address} was refused: ${outcome.message}`);
  return outcome;
}

/** engine.io's answer to a refused polling handshake: 403, with the contract's code as the message. */
const REFUSED = { status: 403, body: { code: 4, message: 'COMMON.RATE_LIMITED' } };
const refusal = (outcome: Socket | Refused) => (outcome instanceof Refused ? { status: outcome.status, body: outcome.body } : 'accepted');

/** Closes a socket and waits until the server has let go of it (its slot is free again). */
async function closeAndWait(socket: Socket): Promise<void> {
  const id = socket.id;
  if (id === undefined) throw new Error('the socket is not connected');
  socket.close();
  const until = performance.now() + 5000;
  while (t.server.io.of('/').sockets.has(id)) {
    if (performance.now() > until) throw new Error('the server kept the closed socket');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('open sockets per address', () => {
  it('refuses the socket past the cap, while another address and a freed slot are accepted', async () => {
    const first = await Promise.all([1, 2, 3].map(() => connected('198.51.100.1')));
    expect(refusal(await connect('198.51.100.1', 'polling'))).toEqual(REFUSED);
    expect(await connect('198.51.100.1', 'websocket')).toBeInstanceOf(Refused);
    // Another client address (X-Forwarded-For, TRUST_PROXY on) has its own cap.
    await connected('198.51.100.2');
    await closeAndWait(first[0]!);
    await connected('198.51.100.1', 'polling');
    expect(refusal(await connect('198.51.100.1', 'polling'))).toEqual(REFUSED);
  });

  it('counts simultaneous upgrades before they open, so a burst cannot overshoot the cap', async () => {
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => connect('198.51.100.3')));
    expect(outcomes.filter((o) => !(o instanceof Refused))).toHaveLength(LIMITS.socketsPerAddress);
  });
});

describe('handshakes per address', () => {
  it('refuses handshakes past the budget even with no socket open, per address', async () => {
    for (let i = 0; i < LIMITS.handshakeBurst; i += 1) await closeAndWait(await connected('198.51.100.4', i % 2 === 0 ? 'polling' : 'websocket'));
    expect(refusal(await connect('198.51.100.4', 'polling'))).toEqual(REFUSED);
    expect(await connect('198.51.100.4', 'websocket')).toBeInstanceOf(Refused);
    await connected('198.51.100.5');
  });

  it('answers a flood of raw polling handshakes with 403 past the budget', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, () =>
      fetch(`${t.url}/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': '198.51.100.6' } }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })));
    // The open cap (3) bites before the budget (6): these connections stay open until their ping timeout.
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.socketsPerAddress);
    expect(statuses.filter((s) => s === 403)).toHaveLength(40 - LIMITS.socketsPerAddress);
  });
});

describe('stream requests per address', () => {
  type Answer = { ok: boolean; code?: string };
  const call = (socket: Socket, event: string, request: object) => socket.timeout(5000).emitWithAck(event, request) as Promise<Answer>;

  it('shares one budget across all the sockets of an address: more sockets buy no more session lookups', async () => {
    const sessions = t.server.services.sessions;
    const realLookup = sessions.lookup.bind(sessions);
    let lookups = 0;
    sessions.lookup = (token) => {
      lookups += 1;
      return realLookup(token);
    };
    try {
      const sockets = await Promise.all([1, 2, 3].map(() => connected('198.51.100.7')));
      // 3 sockets x 8 user subscriptions: each socket is well inside its own budget (40).
      const answers = await Promise.all(sockets.flatMap((s) => Array.from({ length: 8 }, () => call(s, 'subscribe', { stream: 'user', token: 'x'.repeat(43) }))));
      expect(answers.filter((a) => a.code === 'COMMON.RATE_LIMITED')).toHaveLength(24 - LIMITS.eventBurst);
      expect(answers.filter((a) => a.code === 'AUTH.SESSION_EXPIRED')).toHaveLength(LIMITS.eventBurst);
      expect(lookups).toBe(LIMITS.eventBurst);
      // A fresh socket from the same address gets no fresh budget; another address does.
      await closeAndWait(sockets[0]!);
      const again = await connected('198.51.100.7');
      expect(await call(again, 'subscribe', { stream: 'tickers' })).toEqual({ ok: false, code: 'COMMON.RATE_LIMITED' });
      expect(await call(await connected('198.51.100.8'), 'subscribe', { stream: 'tickers' })).toEqual({ ok: true });
    } finally {
      // An own property shadowed the service's method; deleting it restores the original.
      delete (sessions as { lookup?: unknown }).lookup;
    }
  });
});
