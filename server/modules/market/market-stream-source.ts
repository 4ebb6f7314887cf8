import type { ErrorCode } from '../../../contract/error-codes.ts';
import type { StreamSource, SnapshotSource } from '../../realtime/engine-snapshots.ts';
import type { Refusal } from '../../realtime/realtime-server.ts';
import type { MarketStreams } from '../../services/market-data/market-streams.ts';
import type { MarketServices } from './market-services.ts';

const refusal = (code: ErrorCode): Refusal => ({ ok: false, code });

/** Snapshots from this process's streams: what the process running the engine answers. */
function localSnapshots(streams: MarketStreams): SnapshotSource {
  return async (query) => {
    switch (query.stream) {
      case 'tickers':
        return streams.tickersSnapshot();
      case 'depth': {
        const depth = streams.depthSnapshot(query.symbol);
        return depth ? { stream: 'depth', ...depth } : refusal('MARKET.SYMBOL_UNAVAILABLE');
      }
      case 'trades': {
        const trades = streams.tradesSnapshot(query.symbol);
        return trades ? { stream: 'trades', ...trades } : refusal('MARKET.SYMBOL_UNAVAILABLE');
      }
      case 'kline':
        return (await streams.klineSnapshot(query.symbol, query.interval)) ?? refusal('MARKET.SYMBOL_UNAVAILABLE');
      case 'mark':
        return streams.markSnapshot(query.symbol) ?? refusal('COMMON.NOT_FOUND');
      case 'user':
        return streams.userSnapshot(query.userId);
    }
  };
}

/** The market's streams as the sockets serve them: tickers, depth, trades, candles, marks, users' channels. */
export function marketStreamSource(own: Pick<MarketServices, 'marketStreams' | 'marketData'>): StreamSource {
  return {
    snapshots: localSnapshots(own.marketStreams),
    knownSymbol: (symbol) => own.marketData.has(symbol),
    symbols: () => own.marketData.symbols(),
    attach: (sink) => own.marketStreams.attach(sink),
  };
}
