/**
 * Socket.io event maps both sides compile (path /socket.io).
 *
 * Streams: every message carries `seq`, counted per stream key (below) from 1 and increased by one
 * per message. A client that receives seq != last + 1 asks for a `snapshot` of that stream and
 * drops messages with seq <= the snapshot's seq. Subscriptions are per socket and capped
 * (SUBSCRIPTIONS_MAX); a reconnected socket subscribes again and takes snapshots.
 */
import type { OptionSettledMessage, RiskMessage } from './api/contracts.ts';
import type { CopyMessage } from './api/copytrade.ts';
import type { DepthLevel, DepthSnapshot, Kline, KlineInterval, PublicTrade, SpotOrder, TradesSnapshot } from './api/market.ts';

export interface HelloPayload {
  /** The server's version, so a client can tell it is talking to a newer build. */
  version: string;
  /** Server time, ISO-8601 UTC, for clock-skew display. */
  server_time: string;
}

/** A stream a socket can subscribe to. Keys: "tickers", "depth:BTC/USDT", "trades:BTC/USDT", "kline:BTC/USDT:1m", "mark:BTC/USDT", "user". */
export type StreamRequest =
  | { stream: 'tickers' }
  | { stream: 'depth'; symbol: string }
  | { stream: 'trades'; symbol: string }
  | { stream: 'kline'; symbol: string; interval: KlineInterval }
  | { stream: 'mark'; symbol: string }
  /** The private channel: the user's orders and balances. Needs the session token. */
  | { stream: 'user'; token: string };

export const SUBSCRIPTIONS_MAX = 20;

/** Changed tickers since the last batch; at most one batch every 250 ms. */
export interface TickerUpdate {
  symbol: string;
  last: string;
  change_pct: string;
  high_24h: string;
  low_24h: string;
  volume_24h: string;
  quote_volume_24h: string;
}

export interface TickersMessage {
  seq: number;
  /** When the server made the batch (ISO-8601 UTC): a client's lag is its arrival time minus this. */
  time: string;
  tickers: TickerUpdate[];
}

/** Changed levels since the previous message; amount "0" removes a level. */
export interface DepthMessage {
  symbol: string;
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface TradesMessage {
  symbol: string;
  seq: number;
  /** Oldest first. */
  trades: PublicTrade[];
}

/** The current candle (or a just-closed one, then the new one in the next message). */
export interface KlineMessage {
  symbol: string;
  interval: KlineInterval;
  seq: number;
  kline: Kline;
}

/** Mark price of a symbol (futures and options, issue 5). */
export interface MarkMessage {
  symbol: string;
  seq: number;
  price: string;
  time: string;
}

export interface UserBalanceChange {
  account: string;
  currency_id: number;
  currency: string;
  available: string;
  frozen: string;
}

/** Private channel: one message per change of the user's orders or balances. */
export interface UserMessage {
  seq: number;
  orders: SpotOrder[];
  balances: UserBalanceChange[];
}

export type SnapshotPayload =
  | { stream: 'tickers'; seq: number; tickers: TickerUpdate[] }
  | ({ stream: 'depth' } & DepthSnapshot)
  | ({ stream: 'trades' } & TradesSnapshot)
  | { stream: 'kline'; symbol: string; interval: KlineInterval; seq: number; klines: Kline[] }
  | { stream: 'mark'; symbol: string; seq: number; price: string; time: string }
  | { stream: 'user'; seq: number; orders: SpotOrder[]; balances: UserBalanceChange[] };

/** Acknowledgement of subscribe/unsubscribe: ok, or an error code of contract/error-codes.ts. */
export type StreamAck = { ok: true } | { ok: false; code: string };

export interface ServerToClientEvents {
  hello: (payload: HelloPayload) => void;
  tickers: (message: TickersMessage) => void;
  depth: (message: DepthMessage) => void;
  trades: (message: TradesMessage) => void;
  kline: (message: KlineMessage) => void;
  mark: (message: MarkMessage) => void;
  user: (message: UserMessage) => void;
  /** Private (sent with the user stream): live PnL and risk rates of the user's futures accounts; own seq per user (issue 5). */
  risk: (message: RiskMessage) => void;
  /** Private (sent with the user stream): one of the user's seconds options settled; own seq per user (issue 5). */
  option: (message: OptionSettledMessage) => void;
  /** Private (sent with the user stream): a copy of a followed trader's action was made or skipped; own seq per user (issue 42). */
  copy: (message: CopyMessage) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: StreamRequest, ack: (answer: StreamAck) => void) => void;
  unsubscribe: (request: StreamRequest, ack: (answer: StreamAck) => void) => void;
  /** The stream's current state with the seq it is current to; the socket must be subscribed. */
  snapshot: (request: StreamRequest, ack: (answer: SnapshotPayload | { ok: false; code: string }) => void) => void;
}
