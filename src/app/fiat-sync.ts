import { fetchFiatRates } from '../api/rates.ts';
import { refreshShownFiats, startFiatRates } from '../stores/fiat.ts';

/**
 * Section 9: rates saved in IndexedDB are used at once (offline too) and fetched again when older
 * than 24 h, once a screen shows values in a fiat other than USD; coming back online retries at once.
 */
export function startFiatSync(): void {
  void startFiatRates(fetchFiatRates);
  addEventListener('online', () => void refreshShownFiats({ retryNow: true }));
}
