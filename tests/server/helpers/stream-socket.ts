import { io, type Socket } from 'socket.io-client';
import type { StreamRequest } from '../../../contract/socket-events.ts';
import type { TestServer } from './test-server.ts';

export interface Received {
  event: string;
  payload: Record<string, unknown> & { seq: number };
  atMs: number;
}

/** A real socket.io client that records every stream message it receives. */
export class StreamSocket {
  readonly received: Received[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: Received['payload']) => {
      if (event !== 'hello') this.received.push({ event, payload, atMs: performance.now() });
    });
  }

  static async connect(t: TestServer): Promise<StreamSocket> {
    const socket = io(t.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, timeout: 5000 });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new StreamSocket(socket);
  }

  call<T = Record<string, unknown>>(event: 'subscribe' | 'unsubscribe' | 'snapshot', request: StreamRequest | Record<string, unknown>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${event} not answered`)), 5000);
      this.socket.emit(event, request, (answer: T) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  }

  /** Messages of one event (and one symbol/interval when given). */
  of(event: string, filter: (p: Received['payload']) => boolean = () => true): Received['payload'][] {
    return this.received.filter((r) => r.event === event && filter(r.payload)).map((r) => r.payload);
  }

  async waitFor(event: string, filter: (p: Received['payload']) => boolean = () => true, count = 1, timeoutMs = 5000): Promise<Received['payload'][]> {
    const until = performance.now() + timeoutMs;
    while (this.of(event, filter).length < count) {
      if (performance.now() > until) throw new Error(`waited for ${count} ${event} messages, got ${this.of(event, filter).length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.of(event, filter);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * The sockets a test file opens on its server, all closed together in afterAll (a socket left open
 * keeps the server from closing).
 */
export class StreamSockets {
  private readonly opened: StreamSocket[] = [];

  async connect(t: TestServer): Promise<StreamSocket> {
    const s = await StreamSocket.connect(t);
    this.opened.push(s);
    return s;
  }

  closeAll(): void {
    for (const s of this.opened.splice(0)) s.close();
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
