import { useSearch } from 'wouter';
import { navigate } from '../../lib/hash-route.ts';
import { isSymbol, lastPair } from '../../stores/recent-pairs.ts';
import { futuresCategory, FuturesTrade } from './futures-trade.tsx';

const PATH = '/pages/transaction/contract';

/**
 * /pages/transaction/contract?symbol=BTC/USDT&category=coin|stock: futures of one symbol (the pair
 * traded last when none is asked for; the category's first when that is not in the category).
 */
export function FuturesPage() {
  const query = new URLSearchParams(useSearch());
  const category = futuresCategory(query.get('category'));
  const requested = query.get('symbol')?.toUpperCase() ?? '';
  const symbol = isSymbol(requested) ? requested : lastPair();
  return <FuturesTrade category={category} symbol={symbol} onSymbolChange={(next) => navigate(`${PATH}?symbol=${next}&category=${category}`, { replace: true })} />;
}

/** The trade tab's futures panel. */
export function TradeTabFutures({ query, setQuery }: { query: URLSearchParams; setQuery: (changes: Record<string, string>) => void }) {
  const requested = query.get('symbol')?.toUpperCase() ?? '';
  return <FuturesTrade category="coin" symbol={isSymbol(requested) ? requested : lastPair()} onSymbolChange={(next) => setQuery({ symbol: next })} />;
}

/** The trade tab's stocks panel: the same screen in the stock category. */
export function TradeTabStocks({ query, setQuery }: { query: URLSearchParams; setQuery: (changes: Record<string, string>) => void }) {
  const requested = query.get('symbol')?.toUpperCase() ?? '';
  return <FuturesTrade category="stock" symbol={isSymbol(requested) ? requested : lastPair()} onSymbolChange={(next) => setQuery({ symbol: next })} />;
}
