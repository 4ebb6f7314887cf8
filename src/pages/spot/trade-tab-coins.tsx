import { isSymbol, lastPair } from '../../stores/recent-pairs.ts';
import { SpotTrade } from './spot-trade.tsx';

/** The trade tab's coins panel: the coin trading screen of ?symbol= or of the pair traded last. */
export function TradeTabCoins({ query, setQuery }: { query: URLSearchParams; setQuery: (changes: Record<string, string>) => void }) {
  const requested = query.get('symbol')?.toUpperCase() ?? '';
  const symbol = isSymbol(requested) ? requested : lastPair();
  return <SpotTrade symbol={symbol} onSymbolChange={(next) => setQuery({ symbol: next })} />;
}
