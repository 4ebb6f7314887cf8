import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { MessageType, type ClusterMessage } from 'socket.io-adapter';
import type { Log } from '../services/service-context.ts';
import type { RelayAdapter, RelayLink } from './relay-adapter.ts';
import { frameLine, readFrames, writeLine, type RelayFrame } from './relay-wire.ts';

interface Member {
  socket: Socket;
  /** Its adapter's uid, learnt from its first message. */
  uid: string | null;
  /** Stream rooms with a socket on it. */
  rooms: Set<string>;
}

/**
 * The engine process's end of the stream relay (STREAM_RELAY): a unix socket that stream gateway
 * processes (server/src/gateway-main.ts) join. The engine's own adapter is a member too. Every
 * member's message goes to every other member, except that a broadcast to rooms goes only to
 * members holding one of them (a gateway reports its stream rooms); a response goes to its
 * requester. Members are processes of this machine and user: the socket file is 0600.
 */
export class RelayHub {
  private server: Server | null = null;
  private readonly members = new Set<Member>();
  private local: RelayAdapter | null = null;

  constructor(private readonly log: Log) {}

  /** The engine's own adapter's link: its messages go to the gateways. */
  readonly localLink: RelayLink = {
    publish: (message) => this.fromLocal(message),
    respond: (toUid, response) => {
      const member = this.byUid(toUid);
      if (member) writeLine(member.socket, frameLine({ to: toUid, m: response }));
    },
    rooms: () => undefined,
  };

  /** The engine's adapter (built with localLink): it receives the gateways' messages. */
  attachLocal(adapter: RelayAdapter): void {
    this.local = adapter;
  }

  async listen(path: string): Promise<void> {
    // A file left by a process that died; two engines on one DATA_DIR are prevented elsewhere (SQLite's lock, the engine lease).
    rmSync(path, { force: true });
    const server = createServer((socket) => this.join(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(path, 0o600);
    this.server = server;
    this.log.info({ path }, 'stream relay listening for gateways');
  }

  /** True when a gateway has a socket in `room` (the engine then produces its messages). */
  hasRoom(room: string): boolean {
    for (const member of this.members) if (member.rooms.has(room)) return true;
    return false;
  }

  /** Gateways connected now. */
  get size(): number {
    return this.members.size;
  }

  async close(): Promise<void> {
    for (const member of this.members) member.socket.destroy();
    this.members.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private join(socket: Socket): void {
    const member: Member = { socket, uid: null, rooms: new Set() };
    this.members.add(member);
    readFrames(socket, (frame) => this.fromMember(member, frame));
    socket.on('error', (error) => this.log.warn({ err: error }, 'stream relay: a gateway connection failed'));
    socket.on('close', () => {
      this.members.delete(member);
      // Requests waiting for its answers stop waiting; the others forget it.
      if (member.uid) this.deliver(null, { type: MessageType.ADAPTER_CLOSE, uid: member.uid, nsp: '/' });
      this.log.info({ gateways: this.members.size }, 'stream relay: a gateway left');
    });
    this.log.info({ gateways: this.members.size }, 'stream relay: a gateway joined');
  }

  private fromMember(member: Member, frame: RelayFrame): void {
    if ('add' in frame) {
      for (const room of frame.add) member.rooms.add(room);
      for (const room of frame.remove) member.rooms.delete(room);
      return;
    }
    member.uid ??= frame.m.uid;
    if (frame.to !== undefined) {
      if (this.local && frame.to === this.local.id) this.local.receive(frame.m);
      else {
        const target = this.byUid(frame.to);
        if (target) writeLine(target.socket, frameLine(frame));
      }
      return;
    }
    this.deliver(member, frame.m);
  }

  private fromLocal(message: ClusterMessage): void {
    let line: string | null = null;
    for (const member of this.members) {
      if (!wants(member, message)) continue;
      line ??= frameLine({ m: message });
      writeLine(member.socket, line);
    }
  }

  /** A message from `from` (null: the hub itself) to the engine and every other member. */
  private deliver(from: Member | null, message: ClusterMessage): void {
    this.local?.receive(message);
    let line: string | null = null;
    for (const member of this.members) {
      if (member === from || !wants(member, message)) continue;
      line ??= frameLine({ m: message });
      writeLine(member.socket, line);
    }
  }

  private byUid(uid: string): Member | undefined {
    for (const member of this.members) if (member.uid === uid) return member;
    return undefined;
  }
}

/** A plain broadcast to rooms reaches a member only if it holds one of them; everything else reaches all. */
function wants(member: Member, message: ClusterMessage): boolean {
  if (message.type !== MessageType.BROADCAST || message.data.requestId !== undefined) return true;
  const rooms = message.data.opts.rooms;
  if (rooms.length === 0) return true;
  return rooms.some((room) => member.rooms.has(room));
}
