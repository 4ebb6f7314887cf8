import type {
  DepthMessage,
  KlineMessage,
  MarkMessage,
  ServerToClientEvents,
  SnapshotPayload,
  StreamRequest,
  TickersMessage,
  TradesMessage,
  UserMessage,
} from '../../contract/socket-events.ts';

/** Stream names: also the socket event each stream's messages arrive on. */
export type StreamName = StreamRequest['stream'];

/** Message and snapshot types of each stream. */
export interface StreamTypes {
  tickers: { message: TickersMessage; snapshot: Extract<SnapshotPayload, { stream: 'tickers' }> };
  depth: { message: DepthMessage; snapshot: Extract<SnapshotPayload, { stream: 'depth' }> };
  trades: { message: TradesMessage; snapshot: Extract<SnapshotPayload, { stream: 'trades' }> };
  kline: { message: KlineMessage; snapshot: Extract<SnapshotPayload, { stream: 'kline' }> };
  mark: { message: MarkMessage; snapshot: Extract<SnapshotPayload, { stream: 'mark' }> };
  user: { message: UserMessage; snapshot: Extract<SnapshotPayload, { stream: 'user' }> };
}

export type RequestOf<S extends StreamName> = Extract<StreamRequest, { stream: S }>;

export const STREAM_NAMES: readonly StreamName[] = ['tickers', 'depth', 'trades', 'kline', 'mark', 'user'] satisfies (keyof ServerToClientEvents)[];

/** The contract's stream key: "tickers", "depth:BTC/USDT", "kline:BTC/USDT:1m", "user". */
export function streamKey(request: StreamRequest): string {
  switch (request.stream) {
    case 'tickers':
    case 'user':
      return request.stream;
    case 'kline':
      return `kline:${request.symbol}:${request.interval}`;
    default:
      return `${request.stream}:${request.symbol}`;
  }
}

/** The stream key a message (or snapshot) belongs to, from the event it came on and its fields. */
export function messageKey(stream: StreamName, message: { symbol?: string; interval?: string }): string {
  if (stream === 'tickers' || stream === 'user') return stream;
  if (stream === 'kline') return `kline:${message.symbol ?? ''}:${message.interval ?? ''}`;
  return `${stream}:${message.symbol ?? ''}`;
}
