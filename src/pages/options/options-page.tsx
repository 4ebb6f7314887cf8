import { useSearch } from 'wouter';
import { navigate } from '../../lib/hash-route.ts';
import { isSymbol, lastPair } from '../../stores/recent-pairs.ts';
import { OptionsTrade } from './options-trade.tsx';

const PATH = '/pages/transaction/index2';

/** /pages/transaction/index2?symbol=BTC/USDT: the seconds options screen. */
export function OptionsPage() {
  const requested = new URLSearchParams(useSearch()).get('symbol')?.toUpperCase() ?? '';
  const symbol = isSymbol(requested) ? requested : lastPair();
  return <OptionsTrade symbol={symbol} onSymbolChange={(next) => navigate(`${PATH}?symbol=${next}`, { replace: true })} />;
}

/** The trade tab's options panel. */
export function TradeTabOptions({ query, setQuery }: { query: URLSearchParams; setQuery: (changes: Record<string, string>) => void }) {
  const requested = query.get('symbol')?.toUpperCase() ?? '';
  return <OptionsTrade symbol={isSymbol(requested) ? requested : lastPair()} onSymbolChange={(next) => setQuery({ symbol: next })} />;
}
