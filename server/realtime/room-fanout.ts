import type { Socket } from 'socket.io';

/** A broadcast as socket.io-adapter 2.5 has it once encoded: the packet, its encoded form, the write options (with the pre-built websocket frame). */
interface Encoded {
  packet: { id?: number };
  encoded: unknown[];
  packetOpts: object;
}

interface BroadcastOptions {
  rooms: Set<string>;
  except?: Set<string>;
}

/**
 * The parts of socket.io-adapter's Adapter (2.5.x, also under the Redis and cluster adapters) this
 * hooks: `broadcast()` encodes the packet once (`_encode`, which also builds the websocket frame)
 * and then `apply()`s the write to every socket of the rooms, synchronously. Checked by
 * tests/server/realtime-fanout.test.ts, which fails if a socket.io upgrade moves them.
 */
export interface HookableAdapter {
  nsp: { sockets: Map<string, Socket> };
  rooms: Map<string, Set<string>>;
  _encode(packet: object, packetOpts: object): unknown[];
  apply(opts: BroadcastOptions, callback: (socket: Socket) => void): void;
}

/** socket.io's internals a write goes through (what the adapter's own broadcast calls per socket). */
interface WritableSocket {
  notifyOutgoingListeners?: (packet: object) => void;
  client: { writeToEngine(encoded: unknown[], opts: object): void };
  conn: { transport: { name: string; perMessageDeflate?: unknown } };
}

export interface FanoutOptions {
  /** Rooms with at least this many sockets are written in slices; smaller ones at once, as socket.io does. */
  sliceFrom: number;
  /** A slice writes sockets for at most this long, then yields the event loop (setImmediate) for HTTP and timers. */
  sliceBudgetMs: number;
  /** Sockets written between two looks at the clock (the smallest slice). */
  clockEvery: number;
}

/**
 * socket.io pre-builds a broadcast's websocket frame as [header, payload], which ws sends with
 * cork + two writes + uncork (a writev) on every socket; one buffer is one plain write each.
 */
function singleBufferFrame(packetOpts: object): void {
  const options = packetOpts as { wsPreEncodedFrame?: Buffer[] };
  const frame = options.wsPreEncodedFrame;
  if (Array.isArray(frame) && frame.length === 2) options.wsPreEncodedFrame = [Buffer.concat(frame)];
}

/**
 * Broadcasts that waited for a walk, as one engine.io write whose pre-built frame is all their
 * websocket frames back to back: the client's websocket still reads one message per frame, and a
 * socket that fell behind costs one write per walk, not one per message (so a process past its
 * capacity slows its walks instead of multiplying them). Long-polling sockets get them one by one.
 */
function combineFrames(batch: Encoded[]): Encoded | null {
  if (batch.length < 2) return null;
  const frames: Buffer[] = [];
  for (const { packetOpts } of batch) {
    const frame = (packetOpts as { wsPreEncodedFrame?: Buffer[] }).wsPreEncodedFrame;
    if (!Array.isArray(frame) || frame.length !== 1) return null;
    frames.push(frame[0] as Buffer);
  }
  const first = batch[0] as Encoded;
  return { packet: first.packet, encoded: first.encoded, packetOpts: { ...first.packetOpts, wsPreEncodedFrame: [Buffer.concat(frames)] } };
}

export const FANOUT_DEFAULTS: FanoutOptions = { sliceFrom: 200, sliceBudgetMs: 0.5, clockEvery: 32 };

interface RoomWriter {
  room: string;
  /** Broadcasts waiting for the walk in progress to end. */
  queue: Encoded[];
  /** The walk in progress: these broadcasts to these sockets, from `next` on. */
  batch: Encoded[];
  /** Several broadcasts as one write of their websocket frames (null: one, or frames not pre-built). */
  combined: Encoded | null;
  sockets: Socket[];
  next: number;
  idle: (() => void)[];
}

/**
 * Writes a large room's broadcasts in slices over several event-loop turns, so HTTP requests and
 * timers run between them instead of waiting for the whole room (a 5,000-socket room is about
 * 100 ms of writes in one piece). Each broadcast is encoded once for the room (socket.io's own
 * encoding, with its pre-built websocket frame), and written to every socket the room held when
 * its walk began, in order: a room's broadcasts never overtake each other, and every socket gets
 * every one (contiguous seqs). Broadcasts that arrive while a walk is under way wait, then go out
 * together in the next walk, in one write per socket (combineFrames). Producers that coalesce (the
 * tickers batch) ask `whenIdle` and send one fresh batch instead of queueing.
 *
 * Order across rooms is not kept: a socket in a large room and a small one may get the small
 * room's message first. Every stream has its own seq, so clients do not depend on it.
 */
export class RoomFanout {
  private readonly writers = new Map<string, RoomWriter>();
  private readonly options: FanoutOptions;
  /** Broadcasts written in slices, walks made (those writing several broadcasts as one frame write), turns taken, writes that threw: for tests and operators. */
  readonly stats = { sliced: 0, walks: 0, combinedWalks: 0, turns: 0, failedWrites: 0 };

  constructor(options: Partial<FanoutOptions> = {}, private readonly now: () => number = () => performance.now()) {
    this.options = { ...FANOUT_DEFAULTS, ...options };
  }

  /** Routes the adapter's broadcasts to large single rooms through the sliced writer; everything else is untouched. */
  hook(adapter: HookableAdapter): void {
    const encode = adapter._encode.bind(adapter);
    const apply = adapter.apply.bind(adapter);
    let pending: Encoded | null = null;
    adapter._encode = (packet, packetOpts) => {
      const encoded = encode(packet, packetOpts);
      singleBufferFrame(packetOpts);
      // Broadcasts with acks count their sockets synchronously (broadcastWithAck): those stay whole.
      pending = (packet as { id?: number }).id === undefined ? { packet, encoded, packetOpts } : null;
      return encoded;
    };
    adapter.apply = (opts, callback) => {
      const broadcast = pending;
      pending = null;
      if (broadcast && this.take(adapter, opts, broadcast)) return;
      apply(opts, callback);
    };
  }

  /** True when nothing is being written to `room`; else false, and `then` runs once its writes are done. */
  whenIdle(room: string, then: () => void): boolean {
    const writer = this.writers.get(room);
    if (!writer) return true;
    writer.idle.push(then);
    return false;
  }

  /** Rooms being written now. */
  get busyRooms(): number {
    return this.writers.size;
  }

  private take(adapter: HookableAdapter, opts: BroadcastOptions, broadcast: Encoded): boolean {
    if (opts.rooms.size !== 1 || (opts.except && opts.except.size > 0)) return false;
    const room = opts.rooms.values().next().value as string;
    const writer = this.writers.get(room);
    if (writer) {
      writer.queue.push(broadcast);
      return true;
    }
    const members = adapter.rooms.get(room);
    if (!members || members.size < this.options.sliceFrom) return false;
    const started: RoomWriter = { room, queue: [], batch: [broadcast], combined: null, sockets: this.socketsOf(adapter, members), next: 0, idle: [] };
    this.writers.set(room, started);
    this.stats.sliced += 1;
    this.stats.walks += 1;
    // The first slice goes now: a room just over the threshold is written in this turn, as before.
    this.turn(adapter, started);
    return true;
  }

  private write(socket: WritableSocket, { batch, combined }: RoomWriter): void {
    try {
      // Only where engine.io sends the pre-built frame as it is (websocket, no per-message deflate).
      const { transport } = socket.conn;
      if (combined && transport.name === 'websocket' && !transport.perMessageDeflate) {
        for (const { packet } of batch) socket.notifyOutgoingListeners?.(packet);
        socket.client.writeToEngine(combined.encoded, combined.packetOpts);
        return;
      }
      for (const { packet, encoded, packetOpts } of batch) {
        socket.notifyOutgoingListeners?.(packet);
        socket.client.writeToEngine(encoded, packetOpts);
      }
    } catch {
      // One broken socket must not stop its room's walk (every later broadcast would wait behind it).
      this.stats.failedWrites += 1;
    }
  }

  private socketsOf(adapter: HookableAdapter, members: Set<string>): Socket[] {
    const sockets: Socket[] = [];
    for (const id of members) {
      const socket = adapter.nsp.sockets.get(id);
      if (socket) sockets.push(socket);
    }
    return sockets;
  }

  private turn(adapter: HookableAdapter, writer: RoomWriter): void {
    this.stats.turns += 1;
    const deadline = this.now() + this.options.sliceBudgetMs;
    const { sockets } = writer;
    let i = writer.next;
    while (i < sockets.length) {
      this.write(sockets[i] as unknown as WritableSocket, writer);
      i += 1;
      if (i % this.options.clockEvery === 0 && this.now() >= deadline) break;
    }
    writer.next = i;
    if (i < sockets.length) {
      setImmediate(() => this.turn(adapter, writer));
      return;
    }
    if (writer.queue.length > 0) {
      // What arrived meanwhile goes out together, to the room as it is now.
      this.stats.walks += 1;
      writer.batch = writer.queue;
      writer.combined = combineFrames(writer.batch);
      if (writer.combined) this.stats.combinedWalks += 1;
      writer.queue = [];
      const members = adapter.rooms.get(writer.room);
      writer.sockets = members ? this.socketsOf(adapter, members) : [];
      writer.next = 0;
      setImmediate(() => this.turn(adapter, writer));
      return;
    }
    this.writers.delete(writer.room);
    for (const then of writer.idle) then();
  }
}
