import { connect, type Socket } from 'node:net';
import type { Log } from '../services/service-context.ts';
import type { RelayAdapter, RelayLink } from './relay-adapter.ts';
import { frameLine, readFrames, writeLine } from './relay-wire.ts';

/** A lost relay is dialled again after this long. */
const RECONNECT_MS = 1_000;

/**
 * A stream gateway's end of the relay: one unix-socket connection to the engine process's hub,
 * dialled again whenever it drops. While it is down, messages to the others are lost (server-side
 * requests time out: a snapshot answers MARKET.ENGINE_UNAVAILABLE, which the client retries) and
 * no broadcast arrives; the seq jump after it is back makes clients resync.
 */
export class RelayMember {
  private socket: Socket | null = null;
  private adapter: RelayAdapter | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private connectedOnce: (() => void) | null = null;

  constructor(private readonly path: string, private readonly log: Log) {}

  readonly link: RelayLink = {
    publish: (message) => this.send(frameLine({ m: message })),
    respond: (toUid, response) => this.send(frameLine({ to: toUid, m: response })),
    rooms: (add, remove) => this.send(frameLine({ add, remove })),
  };

  /** Connects; resolves once the first connection is up (later drops reconnect by themselves). */
  start(adapter: RelayAdapter): Promise<void> {
    this.adapter = adapter;
    return new Promise((resolve) => {
      this.connectedOnce = resolve;
      this.dial();
    });
  }

  get connected(): boolean {
    return this.socket !== null && !this.socket.connecting && !this.socket.destroyed;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.destroy();
  }

  private send(line: string): void {
    if (this.socket && this.connected) writeLine(this.socket, line);
  }

  private dial(): void {
    if (this.closed) return;
    const socket = connect(this.path);
    this.socket = socket;
    socket.once('connect', () => {
      const adapter = this.adapter as RelayAdapter;
      this.log.info({ path: this.path }, 'stream gateway joined the relay');
      // The hub learns this member's rooms (again, after a reconnect) before anything else it says.
      const rooms = adapter.streamRooms();
      if (rooms.length > 0) this.link.rooms(rooms, []);
      adapter.announce();
      this.connectedOnce?.();
      this.connectedOnce = null;
    });
    readFrames(socket, (frame) => {
      if ('m' in frame) this.adapter?.receive(frame.m);
    });
    socket.on('error', (error) => this.log.warn({ err: error, path: this.path }, 'stream relay connection failed'));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      if (this.closed) return;
      this.timer = setTimeout(() => this.dial(), RECONNECT_MS);
      this.timer.unref();
    });
  }
}
