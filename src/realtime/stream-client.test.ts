import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamRequest } from '../../contract/socket-events.ts';
import { ACK_TIMEOUT_MS, RETRY_FIRST_MS, RETRY_MAX_MS, SNAPSHOT_RETRY_MS, StreamClient, type StreamSocket } from './stream-client.ts';

interface Sent {
  event: 'subscribe' | 'unsubscribe' | 'snapshot';
  request: StreamRequest;
  ack: (answer: unknown) => void;
}

/** A socket.io stand-in: records what the client sends and lets the test play the server. */
class FakeSocket implements StreamSocket {
  connected = false;
  sent: Sent[] = [];
  private listeners = new Map<string, ((...args: never[]) => void)[]>();

  on(event: string, listener: (...args: never[]) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: Sent['event'], request: StreamRequest, ack: (answer: never) => void): void {
    this.sent.push({ event, request, ack: ack as (answer: unknown) => void });
  }
  fire(event: string, payload?: unknown): void {
    for (const l of this.listeners.get(event) ?? []) (l as (p: unknown) => void)(payload);
  }
  connect(): void {
    this.connected = true;
    this.fire('connect');
  }
  disconnect(): void {
    this.connected = false;
    this.fire('disconnect');
  }
  /** The last unanswered message of a kind, removed from the log. */
  take(event: Sent['event']): Sent {
    const i = this.sent.findIndex((s) => s.event === event);
    if (i < 0) throw new Error(`nothing sent as ${event}; sent: ${this.sent.map((s) => s.event).join(', ')}`);
    return this.sent.splice(i, 1)[0]!;
  }
  count(event: Sent['event']): number {
    return this.sent.filter((s) => s.event === event).length;
  }
}

const depth = { stream: 'depth', symbol: 'BTC/USDT' } as const;
const delta = (seq: number, price = '100') => ({ symbol: 'BTC/USDT', seq, bids: [[price, '1']], asks: [] });
const snap = (seq: number) => ({ stream: 'depth', symbol: 'BTC/USDT', seq, bids: [['99', '2']], asks: [] });

function recorder() {
  const log: string[] = [];
  return {
    log,
    handlers: {
      snapshot: (p: { seq: number }) => log.push(`snapshot ${p.seq}`),
      message: (m: { seq: number }) => log.push(`message ${m.seq}`),
      error: (code: string) => log.push(`error ${code}`),
      stopped: () => log.push('stopped'),
    },
  };
}

/** A connected client holding the depth stream, its first snapshot answered at `seq`. */
function live(seq = 10) {
  const socket = new FakeSocket();
  socket.connect();
  const client = new StreamClient(socket);
  const rec = recorder();
  const release = client.subscribe(depth, rec.handlers);
  socket.take('subscribe').ack({ ok: true });
  socket.take('snapshot').ack(snap(seq));
  return { socket, client, rec, release };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('StreamClient', () => {
  it('subscribes, then takes a snapshot, then messages in order', () => {
    const { socket, rec } = live(10);
    socket.fire('depth', delta(11));
    socket.fire('depth', delta(12));
    expect(rec.log).toEqual(['snapshot 10', 'message 11', 'message 12']);
  });

  it('asks for the snapshot only after the subscription is acknowledged', () => {
    const socket = new FakeSocket();
    socket.connect();
    const client = new StreamClient(socket);
    client.subscribe(depth, recorder().handlers);
    expect(socket.count('snapshot')).toBe(0);
    socket.take('subscribe').ack({ ok: true });
    expect(socket.count('snapshot')).toBe(1);
  });

  it('drops duplicates and messages older than the snapshot', () => {
    const { socket, rec } = live(10);
    socket.fire('depth', delta(9));
    socket.fire('depth', delta(10));
    socket.fire('depth', delta(11));
    socket.fire('depth', delta(11));
    expect(rec.log).toEqual(['snapshot 10', 'message 11']);
  });

  it('on a gap asks for a snapshot, buffers, and replays only what is newer than it', () => {
    const { socket, rec } = live(10);
    socket.fire('depth', delta(11));
    socket.fire('depth', delta(14)); // 12 and 13 lost
    expect(socket.count('snapshot')).toBe(1);
    socket.fire('depth', delta(15));
    socket.fire('depth', delta(16));
    expect(rec.log).toEqual(['snapshot 10', 'message 11']);
    socket.take('snapshot').ack(snap(15));
    expect(rec.log).toEqual(['snapshot 10', 'message 11', 'snapshot 15', 'message 16']);
    socket.fire('depth', delta(17));
    expect(rec.log.at(-1)).toBe('message 17');
  });

  it('a gap inside the buffer after a snapshot asks for another one', () => {
    const { socket, rec } = live(10);
    socket.fire('depth', delta(13));
    socket.fire('depth', delta(20));
    socket.take('snapshot').ack(snap(12));
    // 13 follows 12; 20 does not follow 13.
    expect(rec.log).toEqual(['snapshot 10', 'snapshot 12', 'message 13']);
    expect(socket.count('snapshot')).toBe(1);
    socket.take('snapshot').ack(snap(20));
    socket.fire('depth', delta(21));
    expect(rec.log.slice(-2)).toEqual(['snapshot 20', 'message 21']);
  });

  it('ignores messages of streams it does not hold and malformed ones', () => {
    const { socket, rec } = live(10);
    socket.fire('depth', { symbol: 'ETH/USDT', seq: 11, bids: [], asks: [] });
    socket.fire('depth', { symbol: 'BTC/USDT', bids: [], asks: [] });
    socket.fire('trades', { symbol: 'BTC/USDT', seq: 11, trades: [] });
    expect(rec.log).toEqual(['snapshot 10']);
  });

  it('counts holders: the first subscribes, the last unsubscribes', () => {
    const { socket, client, release } = live(10);
    const second = recorder();
    const releaseSecond = client.subscribe(depth, second.handlers);
    expect(socket.count('subscribe')).toBe(0);
    // The newcomer needs the whole book: a fresh snapshot goes to every holder.
    socket.take('snapshot').ack(snap(11));
    expect(second.log).toEqual(['snapshot 11']);
    release();
    expect(socket.count('unsubscribe')).toBe(0);
    socket.fire('depth', delta(12));
    expect(second.log).toEqual(['snapshot 11', 'message 12']);
    releaseSecond();
    expect(socket.take('unsubscribe').request).toEqual(depth);
    expect(client.keys()).toEqual([]);
  });

  it('refreshes a live stream with a new snapshot on request, and leaves one already syncing alone', () => {
    const { socket, client, rec } = live(10);
    socket.fire('depth', delta(11));
    client.refresh(depth);
    socket.fire('depth', delta(12));
    client.refresh(depth);
    expect(socket.count('snapshot')).toBe(1);
    socket.take('snapshot').ack(snap(30));
    socket.fire('depth', delta(31));
    expect(rec.log).toEqual(['snapshot 10', 'message 11', 'snapshot 30', 'message 31']);
    client.refresh({ stream: 'depth', symbol: 'ETH/USDT' });
    expect(socket.count('snapshot')).toBe(0);
  });

  it('after a reconnect subscribes again and starts from a fresh snapshot', () => {
    const { socket, rec } = live(10);
    socket.fire('depth', delta(11));
    socket.disconnect();
    socket.fire('depth', delta(12)); // late frame of the old connection
    socket.connect();
    expect(socket.count('subscribe')).toBe(1);
    socket.fire('depth', delta(40)); // before the snapshot: not live yet
    socket.take('subscribe').ack({ ok: true });
    socket.take('snapshot').ack(snap(50));
    socket.fire('depth', delta(51));
    // Told at the drop that what it had is out of date, the screen waits for the fresh snapshot.
    expect(rec.log).toEqual(['snapshot 10', 'message 11', 'stopped', 'snapshot 50', 'message 51']);
  });

  it('subscribes only once connected, not into socket.io’s send buffer', () => {
    const socket = new FakeSocket();
    const client = new StreamClient(socket);
    client.subscribe(depth, recorder().handlers);
    expect(socket.sent).toEqual([]);
    socket.connect();
    expect(socket.count('subscribe')).toBe(1);
  });

  it('ignores the answer to a snapshot asked for before a reconnect', () => {
    const socket = new FakeSocket();
    socket.connect();
    const client = new StreamClient(socket);
    const rec = recorder();
    client.subscribe(depth, rec.handlers);
    socket.take('subscribe').ack({ ok: true });
    const stale = socket.take('snapshot');
    socket.disconnect();
    socket.connect();
    stale.ack(snap(5));
    expect(rec.log).toEqual(['stopped']);
    socket.take('subscribe').ack({ ok: true });
    socket.take('snapshot').ack(snap(7));
    expect(rec.log).toEqual(['stopped', 'snapshot 7']);
  });

  it('reports a refused subscription and retries a refused snapshot', () => {
    const socket = new FakeSocket();
    socket.connect();
    const client = new StreamClient(socket);
    const rec = recorder();
    client.subscribe({ stream: 'user', token: 'bad' }, rec.handlers);
    socket.take('subscribe').ack({ ok: false, code: 'AUTH.SESSION_INVALID' });
    expect(rec.log).toEqual(['error AUTH.SESSION_INVALID']);

    const other = recorder();
    client.subscribe(depth, other.handlers);
    socket.take('subscribe').ack({ ok: true });
    socket.take('snapshot').ack({ ok: false, code: 'MARKET.NOT_SUBSCRIBED' });
    expect(socket.count('snapshot')).toBe(0);
    vi.advanceTimersByTime(SNAPSHOT_RETRY_MS);
    socket.take('snapshot').ack(snap(3));
    expect(other.log).toEqual(['snapshot 3']);
  });

  it('asks again, later each time, when a subscription is refused for a passing reason, and not once released', () => {
    const socket = new FakeSocket();
    socket.connect();
    const client = new StreamClient(socket);
    const rec = recorder();
    const release = client.subscribe(depth, rec.handlers);
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      socket.take('subscribe').ack({ ok: false, code: i === 2 ? 'COMMON.INTERNAL' : 'COMMON.RATE_LIMITED' });
      let waited = 0;
      while (socket.count('subscribe') === 0) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([RETRY_FIRST_MS, 2 * RETRY_FIRST_MS, 4 * RETRY_FIRST_MS, RETRY_MAX_MS, RETRY_MAX_MS]);
    socket.take('subscribe').ack({ ok: true });
    socket.take('snapshot').ack(snap(4));
    expect(rec.log).toEqual(['snapshot 4']);

    // The screen is gone before the next try: nothing more is sent.
    const other = client.subscribe({ stream: 'trades', symbol: 'BTC/USDT' }, recorder().handlers);
    socket.take('subscribe').ack({ ok: false, code: 'COMMON.RATE_LIMITED' });
    other();
    vi.advanceTimersByTime(RETRY_MAX_MS * 2);
    expect(socket.count('subscribe')).toBe(0);
    release();
  });

  it('sends a subscription again when it is never answered', () => {
    const socket = new FakeSocket();
    socket.connect();
    const client = new StreamClient(socket);
    client.subscribe(depth, recorder().handlers);
    socket.take('subscribe');
    vi.advanceTimersByTime(ACK_TIMEOUT_MS);
    expect(socket.count('subscribe')).toBe(1);
  });

  it('a new token on the user channel subscribes again', () => {
    const socket = new FakeSocket();
    socket.connect();
    const client = new StreamClient(socket);
    client.subscribe({ stream: 'user', token: 'a' }, recorder().handlers);
    socket.take('subscribe').ack({ ok: true });
    socket.take('snapshot').ack({ stream: 'user', seq: 1, orders: [], balances: [] });
    client.subscribe({ stream: 'user', token: 'b' }, recorder().handlers);
    expect(socket.take('subscribe').request).toEqual({ stream: 'user', token: 'b' });
  });
});
