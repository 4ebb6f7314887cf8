import type { Server } from 'socket.io';
import type { KlineInterval } from '../../contract/api/market.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { ClientToServerEvents, ServerToClientEvents, SnapshotPayload } from '../../contract/socket-events.ts';

export type Refusal = { ok: false; code: ErrorCode };
export type SnapshotAnswer = SnapshotPayload | Refusal;

/** A checked snapshot request; `userId` is the socket's live session's (user stream only). */
export type SnapshotQuery =
  | { stream: 'tickers' }
  | { stream: 'depth' | 'trades' | 'mark'; symbol: string }
  | { stream: 'kline'; symbol: string; interval: KlineInterval }
  | { stream: 'user'; userId: number };

/** Between server processes (through the Redis adapter): a follower asks, the engine's process answers, others answer null. */
export interface InterServerEvents {
  engineSnapshot: (query: SnapshotQuery, ack: (answer: SnapshotAnswer | null) => void) => void;
}

/** The typed socket.io server (contract/socket-events.ts); InterServerEvents pass between processes. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
