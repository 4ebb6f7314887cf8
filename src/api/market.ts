import type { KlineInterval, MarketCategory, QuotationList } from '../../contract/api/market.ts';
import { seedQuotes } from '../stores/quotes.ts';
import { get, getServed, post, type Served } from './client.ts';
import { peekEarly, takeEarly } from './early.ts';

/**
 * Market data and favourites (section 7 "Market"). Pairs are named "BASE/QUOTE". The list is read
 * with its time, so a screen can say "as of" when the service worker answers from its cache, and
 * it seeds the live quote map (stores/quotes.ts) that rows read.
 */

export async function fetchQuotations(category?: MarketCategory): Promise<Served<QuotationList>> {
  const params: Record<string, string> = category ? { category } : {};
  // At boot on a market or trade screen the list was asked for early (app/warm-page.ts).
  const served = await takeEarly('/currency/quotation_new', params, () => getServed('/currency/quotation_new', params, { silent: true }));
  seedQuotes(served.data.list, served.data.seq);
  return served;
}

/** The list when its early answer is already in hand (a screen's first render; early.ts peekEarly), seeding the quotes. */
export function peekQuotations(category?: MarketCategory): Served<QuotationList> | undefined {
  const served = peekEarly<QuotationList>('/currency/quotation_new', category ? { category } : {});
  if (served) seedQuotes(served.data.list, served.data.seq);
  return served;
}

/** Candles oldest first; limit at most 1000. */
export const fetchKlines = (symbol: string, period: KlineInterval, limit = 300) =>
  get('/currency/new_timeshar', { symbol, period, limit }, { silent: true });

export const fetchDepth = (symbol: string) => get('/market/depth', { symbol }, { silent: true });
export const fetchTrades = (symbol: string, limit = 30) => get('/market/trades', { symbol, limit }, { silent: true });

export const searchPairs = (q: string, signal?: AbortSignal) => get('/market/search', { q }, { silent: true, signal });
export const fetchHotSearch = () => get('/market/hot_search', undefined, { silent: true });

export const fetchFavourites = () => getServed('/optional/list', undefined, { silent: true });
export const addFavourite = (symbol: string) => post('/optional/add', { symbol });
export const removeFavourite = (symbol: string) => post('/optional/del', { symbol });
