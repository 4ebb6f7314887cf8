import type { ErrorCode } from '../../contract/error-codes.ts';
import type { StreamSink } from '../services/market-data/stream-sink.ts';
import type { Log } from '../services/service-context.ts';
import type { RealtimeServer, Refusal, SnapshotAnswer, SnapshotQuery } from './realtime-server.ts';

export type SnapshotSource = (query: SnapshotQuery) => Promise<SnapshotAnswer>;

/**
 * The public streams the sockets serve (contract/socket-events.ts), from the one module that
 * produces them (ServerModule.streams): snapshots from this process, the symbols a subscription may
 * name, and where it sends its messages.
 */
export interface StreamSource {
  snapshots: SnapshotSource;
  knownSymbol(symbol: string): boolean;
  /** Every symbol knownSymbol accepts (stream gateways check subscriptions against it). */
  symbols(): string[];
  attach(sink: StreamSink): void;
}

const refusal = (code: ErrorCode): Refusal => ({ ok: false, code });

/**
 * Snapshots asked of the engine's process through the Redis adapter: its streams produce the
 * messages every process relays, so only its snapshots carry the right sequence numbers. No answer
 * (no leader, or it did not reply in time) is MARKET.ENGINE_UNAVAILABLE, which the client retries.
 */
export function remoteSnapshots(io: RealtimeServer, log: Log): SnapshotSource {
  return async (query) => {
    let answers: (SnapshotAnswer | null)[];
    try {
      answers = await io.serverSideEmitWithAck('engineSnapshot', query);
    } catch (error) {
      // A timeout still carries the answers that did arrive (a slow follower must not hide the leader's).
      answers = ((error as { responses?: (SnapshotAnswer | null)[] }).responses ?? []);
      if (!answers.some((a) => a !== null)) log.warn({ err: error, stream: query.stream }, 'no snapshot from the engine process');
    }
    return answers.find((a): a is SnapshotAnswer => a !== null) ?? refusal('MARKET.ENGINE_UNAVAILABLE');
  };
}

/** Every process answers other processes' snapshot requests: the leader with its snapshot, a follower with null. */
export function answerSnapshotRequests(io: RealtimeServer, local: SnapshotSource | null, log: Log): void {
  io.on('engineSnapshot', (query, ack) => {
    if (!local) return ack(null);
    local(query).then(ack, (error: unknown) => {
      log.warn({ err: error }, 'snapshot for another process failed');
      ack(refusal('COMMON.INTERNAL'));
    });
  });
}
