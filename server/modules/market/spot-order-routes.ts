import type { FastifyInstance } from 'fastify';
import * as market from '../../../contract/endpoints/market.ts';
import type { OrderListStatus } from '../../../contract/api/market.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import { parseOrder } from '../../domain/spot-order-rules.ts';
import type { Services } from '../../services/create-services.ts';
import type { MarketServices } from './market-services.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { optionalPairField, pairField } from './market-fields.ts';
import { amountText, idField, idempotentCall, pagingField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type SpotOrderRoutesServices = Pick<Services, 'sessions'> & Pick<MarketServices, 'markets' | 'spotOrderQuery' | 'spotOrders'>;


/** target_price: absent or empty for a market order; said once, as text, when given. */
function priceText(call: Call): Outcome<string | undefined> {
  if (call.input.target_price === undefined && !call.flags.repeated.has('target_price')) return success(undefined);
  const text = amountText(call, ['target_price']);
  return text.ok ? success(text.value.text) : failure('ORDER.PRICE_INVALID', 'target_price');
}

function statusField(call: Call): Outcome<OrderListStatus> {
  const raw = call.input.status?.trim().toLowerCase();
  if (raw === undefined || raw === 'open' || raw === '0') return success('open');
  if (raw === 'history' || raw === '1') return success('history');
  return failure('COMMON.PARAM_INVALID', 'status');
}

/**
 * Spot orders (section 7 "Trade"): place, list, cancel. Fields the form does not name (user_id,
 * state, filled, fee ...) are never read; placing requires an idempotency key like the money movers.
 */
export function registerSpotOrderRoutes(app: FastifyInstance, services: SpotOrderRoutesServices): void {
  const serve = endpointsOn(app, services);

  serve(market.placeSpotOrder, async (call) => {
    await services.markets.ready();
    const pair = pairField(call, services);
    if (!pair.ok) return pair;
    const amount = amountText(call, ['amount']);
    if (!amount.ok) return amount;
    const price = priceText(call);
    if (!price.ok) return price;
    const order = parseOrder(pair.value, { side: call.input.type, amount: amount.value.text, price: price.value });
    if (!order.ok) return order;
    const idem = idempotentCall(call, 'coin/trade', true);
    if (!idem.ok) return idem;
    return services.spotOrders.placeParsed(signedIn(call), pair.value, order.value, idem.value.key);
  });

  serve(market.spotOrders, async (call) => {
    await services.markets.ready();
    const status = statusField(call);
    if (!status.ok) return status;
    const pair = optionalPairField(call, services);
    if (!pair.ok) return pair;
    const paging = pagingField(call);
    if (!paging.ok) return paging;
    return success(await services.spotOrderQuery.list(signedIn(call), status.value, pair.value, paging.value));
  });

  serve(market.cancelSpotOrder, async (call) => {
    const id = idField(call, 'id');
    return id.ok ? services.spotOrders.cancel(signedIn(call), id.value) : id;
  });
}
