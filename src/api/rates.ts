import { get } from './client.ts';

/**
 * GET /wallet/getRateCurrency, quietly: the fiat store keeps the saved list (or USD at 1) when it
 * fails, so neither an old server without the endpoint nor a dead network shows an error.
 */
export const fetchFiatRates = () => get('/wallet/getRateCurrency', undefined, { silent: true });
