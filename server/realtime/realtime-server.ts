import type { Server } from 'socket.io';
import type { KlineInterval } from '../../contract/api/market.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { ClientToServerEvents, ServerToClientEvents, SnapshotPayload } from '../../contract/socket-events.ts';
import type { SessionRevoked } from '../services/session-service.ts';

export type Refusal = { ok: false; code: ErrorCode };
export type SnapshotAnswer = SnapshotPayload | Refusal;

/** A checked snapshot request; `userId` is the socket's live session's (user stream only). */
export type SnapshotQuery =
  | { stream: 'tickers' }
  | { stream: 'depth' | 'trades' | 'mark'; symbol: string }
  | { stream: 'kline'; symbol: string; interval: KlineInterval }
  | { stream: 'user'; userId: number };

/** A session as the user channel needs it; `session: null` is no live session. */
export type SessionAnswer = { session: { userId: number; expiresAtMs: number } | null };

/**
 * Between server processes (through the Redis adapter or the stream relay): a follower or gateway
 * asks, the engine's process answers, others answer null. Gateways (no database) also ask the
 * engine's process for session lookups and the symbols, and hear its sessions' revocations.
 */
export interface InterServerEvents {
  engineSnapshot: (query: SnapshotQuery, ack: (answer: SnapshotAnswer | null) => void) => void;
  sessionLookup: (token: string, ack: (answer: SessionAnswer | null) => void) => void;
  streamSymbols: (ack: (answer: string[] | null) => void) => void;
  sessionRevoked: (revoked: SessionRevoked) => void;
}

/** The typed socket.io server (contract/socket-events.ts); InterServerEvents pass between processes. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
