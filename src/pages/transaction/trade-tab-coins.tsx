import { isSymbol, lastPair } from '../../stores/recent-pairs.ts';
import { CurrencyTrade } from './currency-trade.tsx';

/** The trade tab's coins panel: the coin trading screen of ?symbol= or of the pair traded last. */
export function TradeTabCoins({ query, setQuery }: { query: URLSearchParams; setQuery: (changes: Record<string, string>) => void }) {
  const requested = query.get('symbol')?.toUpperCase() ?? '';
  const symbol = isSymbol(requested) ? requested : lastPair();
  return <CurrencyTrade symbol={symbol} onSymbolChange={(next) => setQuery({ symbol: next })} />;
}
