import type { CopyEvent, CopyMessage } from '../../../contract/api/copytrade.ts';
import { userRoom, type StreamSink } from '../../services/market-data/stream-sink.ts';

type Listener = (userId: number, message: CopyMessage) => void;

/**
 * The private `copy` event: each mirrored action or skip, told to the follower once committed,
 * with a seq per user counted from 1 in this process (a gap means: re-read /follow/copyHistory).
 */
export class CopyEvents {
  private readonly listeners = new Set<Listener>();
  private readonly seqs = new Map<number, number>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(userId: number, event: CopyEvent): void {
    const seq = (this.seqs.get(userId) ?? 0) + 1;
    this.seqs.set(userId, seq);
    for (const listener of this.listeners) listener(userId, { seq, event });
  }
}

/** Forwards copy events to the follower's private channel ("user:<uid>"); answers how to stop. */
export function forwardCopyEvents(events: CopyEvents, sink: StreamSink): () => void {
  return events.subscribe((userId, message) => {
    const room = userRoom(userId);
    if (sink.hasAudience(room)) sink.emit(room, 'copy', message);
  });
}
