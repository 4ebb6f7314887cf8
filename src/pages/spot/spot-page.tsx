import { useSearch } from 'wouter';
import { navigate } from '../../lib/hash-route.ts';
import { isSymbol, lastPair } from '../../stores/recent-pairs.ts';
import { SpotTrade } from './spot-trade.tsx';

/** /pages/transaction/currency?symbol=BTC/USDT: coin trading of one pair. */
export function SpotPage() {
  const requested = new URLSearchParams(useSearch()).get('symbol')?.toUpperCase() ?? '';
  const symbol = isSymbol(requested) ? requested : lastPair();
  return <SpotTrade symbol={symbol} onSymbolChange={(next) => navigate(`/pages/transaction/currency?symbol=${next}`, { replace: true })} />;
}
