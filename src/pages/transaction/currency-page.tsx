import { useSearch } from 'wouter';
import { navigate } from '../../lib/hash-route.ts';
import { isSymbol, lastPair } from '../../stores/recent-pairs.ts';
import { CurrencyTrade } from './currency-trade.tsx';

/** /pages/transaction/currency?symbol=BTC/USDT: coin trading of one pair. */
export function CurrencyPage() {
  const requested = new URLSearchParams(useSearch()).get('symbol')?.toUpperCase() ?? '';
  const symbol = isSymbol(requested) ? requested : lastPair();
  return <CurrencyTrade symbol={symbol} onSymbolChange={(next) => navigate(`/pages/transaction/currency?symbol=${next}`, { replace: true })} />;
}
