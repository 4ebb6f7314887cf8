import type { StreamAck, StreamRequest } from '../../contract/socket-events.ts';
import { STREAM_NAMES, messageKey, streamKey, type StreamName, type StreamTypes } from './stream-keys.ts';

/** What the client needs of a socket.io socket (a fake one in tests). */
export interface StreamSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: 'subscribe' | 'unsubscribe' | 'snapshot', request: StreamRequest, ack: (answer: never) => void): unknown;
}

export interface StreamHandlers<S extends StreamName = StreamName> {
  /** The stream's whole state, current to its seq: replace what was shown. */
  snapshot(payload: StreamTypes[S]['snapshot']): void;
  /** The next change after the snapshot or the previous message, in order, none missing. */
  message(message: StreamTypes[S]['message']): void;
  /** The server refused the subscription (a code of contract/error-codes.ts). */
  error?(code: string): void;
  /**
   * The stream stopped (the socket dropped): what it gave is out of date from now on. The next
   * snapshot, after the reconnect, is the stream's state again.
   */
  stopped?(): void;
}

type AnyHandlers = StreamHandlers<StreamName>;
interface Sequenced {
  seq: number;
}

type Phase = 'idle' | 'subscribing' | 'syncing' | 'live' | 'failed';

interface Entry {
  request: StreamRequest;
  handlers: Set<AnyHandlers>;
  /** seq of the snapshot or the last message handed out; null before the first snapshot. */
  lastSeq: number | null;
  phase: Phase;
  /** Bumped by every subscribe or snapshot sent, so the answer to an older one is ignored. */
  attempt: number;
  /** Messages that arrived while a snapshot was on its way. */
  buffer: Sequenced[];
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Subscriptions refused in a row for a passing reason (the next wait doubles). */
  refusals: number;
}

/** An unanswered subscribe or snapshot is sent again after this long (the socket may have lost it). */
export const ACK_TIMEOUT_MS = 10_000;
/** A refused snapshot (the server not ready yet) is asked for again after this long. */
export const SNAPSHOT_RETRY_MS = 1_000;
/** A subscription refused for a passing reason is asked for again after this long, doubling to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 8_000;
/** Refusals that pass: the socket's request budget (a burst of screens opened) or a server hiccup. */
const PASSING = new Set(['COMMON.RATE_LIMITED', 'COMMON.INTERNAL']);
/** Messages kept while a snapshot is awaited; older ones are dropped (the snapshot covers them). */
export const BUFFER_MAX = 1_000;

const isRefusal = (answer: unknown): answer is { ok: false; code: string } =>
  typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === false;

/**
 * The subscriptions of one socket, owned by screens with reference counts: the first screen that
 * needs a stream subscribes, the last one to leave unsubscribes. Every stream is sequenced: it
 * starts from a snapshot, then takes messages only in order (seq = last + 1). A gap asks for a new
 * snapshot, and messages with seq <= the snapshot's are dropped. After a reconnect every stream is
 * subscribed again and taken from a fresh snapshot.
 */
export class StreamClient {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly socket: StreamSocket) {
    socket.on('connect', () => {
      for (const entry of this.entries.values()) this.start(entry);
    });
    socket.on('disconnect', () => {
      for (const entry of this.entries.values()) {
        this.pause(entry);
        this.deliver(entry, (h) => h.stopped?.());
      }
    });
    for (const name of STREAM_NAMES) {
      socket.on(name, (message: never) => this.receive(name, message as Sequenced & { symbol?: string; interval?: string }));
    }
  }

  /** Adds a screen's interest in a stream; call the returned function when the screen leaves. */
  subscribe<S extends StreamName>(request: Extract<StreamRequest, { stream: S }>, handlers: StreamHandlers<S>): () => void {
    const key = streamKey(request);
    const own = handlers as unknown as AnyHandlers;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { request, handlers: new Set([own]), lastSeq: null, phase: 'idle', attempt: 0, buffer: [], timer: undefined, refusals: 0 };
      this.entries.set(key, entry);
      this.start(entry);
    } else {
      entry.handlers.add(own);
      if (JSON.stringify(entry.request) !== JSON.stringify(request)) {
        // Same stream, new terms (the user channel with a new token): subscribe again.
        entry.request = request;
        this.start(entry);
      } else if (entry.phase === 'live') {
        // A screen joining a running stream needs its whole state: every holder gets the snapshot.
        this.resync(entry);
      } else if (entry.phase === 'failed') {
        this.start(entry);
      }
    }
    const held = entry;
    return () => this.release(key, held, own);
  }

  /** Asks again for a held stream's whole state (every holder gets it): for a reader that stopped reading. */
  refresh(request: StreamRequest): void {
    const entry = this.entries.get(streamKey(request));
    // Any other phase has a snapshot on its way already (or none to give).
    if (entry?.phase === 'live') this.resync(entry);
  }

  /** Stream keys currently held, for tests and diagnostics. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  private release(key: string, entry: Entry, handlers: AnyHandlers): void {
    if (!entry.handlers.delete(handlers) || entry.handlers.size > 0) return;
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    clearTimeout(entry.timer);
    entry.attempt += 1;
    if (this.socket.connected && entry.phase !== 'failed' && entry.phase !== 'idle') this.socket.emit('unsubscribe', entry.request, () => undefined);
  }

  /** (Re)subscribes from scratch: the state is unknown until the next snapshot. */
  private start(entry: Entry): void {
    clearTimeout(entry.timer);
    entry.lastSeq = null;
    entry.buffer = [];
    entry.attempt += 1;
    if (!this.socket.connected) {
      // Sent on 'connect'; emitting now would also be replayed by socket.io's send buffer.
      entry.phase = 'idle';
      return;
    }
    entry.phase = 'subscribing';
    const attempt = entry.attempt;
    entry.timer = setTimeout(() => entry.attempt === attempt && this.start(entry), ACK_TIMEOUT_MS);
    this.socket.emit('subscribe', entry.request, (answer: StreamAck) => {
      if (entry.attempt !== attempt) return;
      clearTimeout(entry.timer);
      if (isRefusal(answer) && PASSING.has(answer.code)) {
        // Switching pairs quickly spends the budget: the screen the user lands on must still go live.
        const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** entry.refusals);
        entry.refusals += 1;
        entry.timer = setTimeout(() => entry.attempt === attempt && this.start(entry), wait);
        return;
      }
      if (isRefusal(answer)) {
        entry.phase = 'failed';
        for (const h of entry.handlers) h.error?.(answer.code);
        return;
      }
      entry.refusals = 0;
      this.resync(entry);
    });
  }

  /** Asks for a snapshot; messages arriving meanwhile wait in the buffer. */
  private resync(entry: Entry): void {
    clearTimeout(entry.timer);
    if (!this.socket.connected) return this.pause(entry);
    entry.phase = 'syncing';
    entry.attempt += 1;
    const attempt = entry.attempt;
    entry.timer = setTimeout(() => entry.attempt === attempt && this.resync(entry), ACK_TIMEOUT_MS);
    this.socket.emit('snapshot', entry.request, (answer: unknown) => {
      if (entry.attempt !== attempt) return;
      clearTimeout(entry.timer);
      if (isRefusal(answer) || typeof answer !== 'object' || answer === null || typeof (answer as Sequenced).seq !== 'number') {
        entry.timer = setTimeout(() => entry.attempt === attempt && this.resync(entry), SNAPSHOT_RETRY_MS);
        return;
      }
      const snapshot = answer as Sequenced;
      entry.lastSeq = snapshot.seq;
      entry.phase = 'live';
      this.deliver(entry, (h) => h.snapshot(snapshot as never));
      const waiting = entry.buffer.sort((a, b) => a.seq - b.seq);
      entry.buffer = [];
      for (let i = 0; i < waiting.length; i += 1) {
        this.accept(entry, waiting[i]!);
        // A gap inside the buffer asked for another snapshot: the rest waits for it.
        if (entry.phase !== 'live') {
          entry.buffer.push(...waiting.slice(i + 1));
          break;
        }
      }
    });
  }

  private pause(entry: Entry): void {
    clearTimeout(entry.timer);
    entry.attempt += 1;
    entry.phase = 'idle';
    entry.lastSeq = null;
    entry.buffer = [];
  }

  private receive(stream: StreamName, message: Sequenced & { symbol?: string; interval?: string }): void {
    if (typeof message?.seq !== 'number') return;
    const entry = this.entries.get(messageKey(stream, message));
    if (!entry) return;
    if (entry.phase === 'syncing') {
      entry.buffer.push(message);
      if (entry.buffer.length > BUFFER_MAX) entry.buffer.shift();
      return;
    }
    if (entry.phase === 'live') this.accept(entry, message);
  }

  /** In order: hand it out. Old: drop it. A gap: keep it and ask for a snapshot. */
  private accept(entry: Entry, message: Sequenced): void {
    const last = entry.lastSeq ?? 0;
    if (message.seq <= last) return;
    if (message.seq !== last + 1) {
      entry.buffer = [message];
      this.resync(entry);
      return;
    }
    entry.lastSeq = message.seq;
    this.deliver(entry, (h) => h.message(message as never));
  }

  private deliver(entry: Entry, call: (h: AnyHandlers) => void): void {
    for (const h of [...entry.handlers]) {
      try {
        call(h);
      } catch (error) {
        // One screen's bug must not stop the others' updates; still report it.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}
