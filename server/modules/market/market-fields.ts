import { MARKET_CATEGORIES, type MarketCategory } from '../../../contract/api/market.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { SpotSymbolRules } from '../../domain/spot-symbol-rules.ts';
import type { MarketServices } from './market-services.ts';
import type { Call } from '../../http/define-route.ts';
import { optionalIdField } from '../../http/money-fields.ts';
import { saidOnce } from '../../http/request-input.ts';

/**
 * The pair a request names: `symbol` ("BTC/USDT"), or currency_id (base) + legal_id (quote). Both may
 * be sent only when they name the same pair, or which one is traded or read would be a guess.
 */
export function pairField(call: Call, services: Pick<MarketServices, 'markets'>): Outcome<SpotSymbolRules> {
  if (!saidOnce(call.flags, 'symbol')) return failure('COMMON.PARAM_INVALID', 'symbol');
  const currencyId = optionalIdField(call, 'currency_id');
  if (!currencyId.ok) return currencyId;
  const legalId = optionalIdField(call, 'legal_id');
  if (!legalId.ok) return legalId;
  const pair = services.markets.resolve({ symbol: call.input.symbol, currencyId: currencyId.value, legalId: legalId.value });
  if (!pair.ok || call.input.symbol === undefined) return pair;
  const disagrees =
    (currencyId.value !== undefined && currencyId.value !== pair.value.baseCurrencyId) || (legalId.value !== undefined && legalId.value !== pair.value.quoteCurrencyId);
  return disagrees ? failure('COMMON.PARAM_INVALID', 'symbol') : pair;
}

/** An optional pair filter: absent is every pair. */
export function optionalPairField(call: Call, services: Pick<MarketServices, 'markets'>): Outcome<SpotSymbolRules | undefined> {
  if (call.input.symbol === undefined && call.input.currency_id === undefined) return success(undefined);
  return pairField(call, services);
}

/** ?category=coin|stock; absent is every category. */
export function categoryField(call: Call): Outcome<MarketCategory | undefined> {
  const raw = call.input.category?.trim().toLowerCase();
  if (raw === undefined) return success(undefined);
  return (MARKET_CATEGORIES as readonly string[]).includes(raw) ? success(raw as MarketCategory) : failure('COMMON.PARAM_INVALID', 'category');
}
