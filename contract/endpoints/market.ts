import type { DepthSnapshot, Kline, MarketSymbol, PublicTrade, Quotation, QuotationList, SpotOrder } from '../api/market.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Market data and spot trading (section 7 "Market", "Trade"). A pair is named by `symbol`
 * ("BTC/USDT") or by currency_id (base) + legal_id (quote); both only when they agree.
 */

const PAIR = { symbol: 'text?', currency_id: 'id?', legal_id: 'id?' } as const;
const PAGE = { page: 'id?', limit: 'id?' } as const;

/** `category`: coin or stock; absent is every category. */
export const quotations = endpoint<QuotationList>()({ method: 'read', path: '/currency/quotation_new', auth: 'none', fields: { category: 'text?' } });
export const marketSymbols = endpoint<MarketSymbol[]>()({ method: 'read', path: '/market/symbols', auth: 'none', fields: { category: 'text?' } });
export const searchPairs = endpoint<Quotation[]>()({ method: 'read', path: '/market/search', auth: 'none', fields: { q: 'text?' } });
export const hotSearch = endpoint<Quotation[]>()({ method: 'read', path: '/market/hot_search', auth: 'none', fields: {} });
export const depth = endpoint<DepthSnapshot>()({ method: 'read', path: '/market/depth', auth: 'none', fields: PAIR });
export const trades = endpoint<PublicTrade[]>()({ method: 'read', path: '/market/trades', auth: 'none', fields: { ...PAIR, limit: 'id?' } });
/** Candles; the period as `period` or `interval`. */
export const klines = endpoint<Kline[]>()({ method: 'read', path: '/currency/new_timeshar', auth: 'none', fields: { ...PAIR, period: 'text?', interval: 'text?', limit: 'id?' } });

export const addFavourite = endpoint<string>()({ method: 'write', path: '/optional/add', auth: 'required', fields: PAIR });
export const removeFavourite = endpoint<string>()({ method: 'write', path: '/optional/del', auth: 'required', fields: PAIR });
export const favourites = endpoint<Quotation[]>()({ method: 'read', path: '/optional/list', auth: 'required', fields: {} });

/** `type` buy or sell; no `target_price` is a market order. */
export const placeSpotOrder = endpoint<SpotOrder>()({
  method: 'write', path: '/coin/trade', auth: 'required',
  fields: { ...PAIR, type: 'text?', amount: 'amount?', target_price: 'amount?', idempotency_key: 'text?' },
});
export const spotOrders = endpoint<Page<SpotOrder>>()({ method: 'read', path: '/coin/list', auth: 'required', fields: { status: 'text?', ...PAIR, ...PAGE } });
export const cancelSpotOrder = endpoint<SpotOrder>()({ method: 'write', path: '/coin/cancel', auth: 'required', fields: { id: 'id' } });
