import type { ServerToClientEvents } from '../../../contract/socket-events.ts';

export type StreamEvent = Exclude<keyof ServerToClientEvents, 'hello'>;
export type StreamPayload<E extends StreamEvent> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Where stream messages go: the socket.io rooms (one room per stream key, "user:<uid>" for a
 * user's private channel). Until the realtime layer attaches, messages go nowhere; sequence
 * numbers still advance, so a snapshot is always current to its seq.
 */
export interface StreamSink {
  emit<E extends StreamEvent>(room: string, event: E, payload: StreamPayload<E>): void;
  /** False when no socket can be listening, so work for nobody (depth diffs, private messages) is skipped. */
  hasAudience(room: string): boolean;
  /**
   * True when every message sent to `room` so far has been written to its sockets; else false, and
   * `then` runs once they are (a large room is written over several event-loop turns). Absent: always true.
   */
  idle?(room: string, then: () => void): boolean;
}

export const NO_SINK: StreamSink = { emit: () => undefined, hasAudience: () => false };

/**
 * Per-stream sequence numbers: from 1, one more per message, per stream key (not per socket), so
 * every subscriber of a stream sees the same numbers and a snapshot's seq means the same to all.
 */
export class StreamSequences {
  private readonly seqs = new Map<string, number>();

  current(key: string): number {
    return this.seqs.get(key) ?? 0;
  }

  next(key: string): number {
    const seq = this.current(key) + 1;
    this.seqs.set(key, seq);
    return seq;
  }
}

export const userRoom = (userId: number): string => `user:${userId}`;
