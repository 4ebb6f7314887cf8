import type { KlineInterval } from '../../contract/api/market.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { StreamRequest } from '../../contract/socket-events.ts';
import { isKlineInterval } from '../domain/kline-intervals.ts';

/** A checked stream request: its contract key ("depth:BTC/USDT", "user") and what it names. */
export type ParsedStream =
  | { stream: 'tickers'; key: 'tickers' }
  | { stream: 'depth' | 'trades' | 'mark'; key: string; symbol: string }
  | { stream: 'kline'; key: string; symbol: string; interval: KlineInterval }
  | { stream: 'user'; key: 'user'; token: string };

export type ParseResult = { ok: true; value: ParsedStream } | { ok: false; code: ErrorCode };

const SYMBOL_MAX = 24;
const TOKEN_MAX = 256;

const refuse = (code: ErrorCode): ParseResult => ({ ok: false, code });

/**
 * Validates a request from the socket (anything may arrive): unknown streams, unknown symbols,
 * bad intervals and missing tokens are refused with a code; nothing else is trusted.
 */
export function parseStreamRequest(raw: unknown, knownSymbol: (symbol: string) => boolean): ParseResult {
  if (typeof raw !== 'object' || raw === null) return refuse('STREAM.UNKNOWN');
  const request = raw as Partial<Record<keyof StreamRequest | 'symbol' | 'interval' | 'token', unknown>>;
  const stream = request.stream;
  if (stream === 'tickers') return { ok: true, value: { stream, key: 'tickers' } };
  if (stream === 'user') {
    const token = request.token;
    if (typeof token !== 'string' || token.trim() === '' || token.length > TOKEN_MAX) return refuse('AUTH.LOGIN_REQUIRED');
    return { ok: true, value: { stream, key: 'user', token: token.trim().replace(/^Bearer\s+/i, '') } };
  }
  if (stream !== 'depth' && stream !== 'trades' && stream !== 'mark' && stream !== 'kline') return refuse('STREAM.UNKNOWN');
  const symbol = request.symbol;
  if (typeof symbol !== 'string' || symbol.length > SYMBOL_MAX || !knownSymbol(symbol)) return refuse('MARKET.SYMBOL_UNAVAILABLE');
  if (stream !== 'kline') return { ok: true, value: { stream, key: `${stream}:${symbol}`, symbol } };
  const interval = request.interval;
  if (!isKlineInterval(interval)) return refuse('MARKET.PERIOD_INVALID');
  return { ok: true, value: { stream, key: `kline:${symbol}:${interval}`, symbol, interval } };
}
