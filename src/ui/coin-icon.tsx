import { useState } from 'preact/hooks';
import { currencyColor } from '../lib/colors.ts';

/** A currency's logo; its brand colour with the first letter when there is no image or it fails. */
export function CoinIcon({ symbol, src, size = 32 }: { symbol: string; src?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img class="coin-icon" src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span class="coin-icon coin-icon--letter" style={{ background: currencyColor(symbol), width: size, height: size }} aria-hidden="true">
      {symbol.slice(0, 1)}
    </span>
  );
}
