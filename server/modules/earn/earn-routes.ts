import type { FastifyInstance } from 'fastify';
import type { EarnDirection, EarnOrderStatus } from '../../../contract/api/invest.ts';
import * as dual from '../../../contract/endpoints/dual.ts';
import * as invest from '../../../contract/endpoints/invest.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { idempotentCall, idField, optionalIdField, pagingField } from '../../http/money-fields.ts';
import type { Services } from '../../services/create-services.ts';
import type { EarnServices } from './earn-services.ts';

/** What these routes use: the module's own services and the session lookup. */
export type EarnRoutesServices = Pick<Services, 'sessions'> & EarnServices;

function statusField(call: Call): Outcome<EarnOrderStatus> {
  const raw = call.input.status?.trim() ?? '';
  if (raw === '' || raw === 'open') return success('open');
  return raw === 'history' ? success('history') : failure('COMMON.PARAM_INVALID', 'status');
}

/** The spec's dual `type`: sell_high or buy_low, or 1 and 2. */
function directionField(call: Call): Outcome<EarnDirection | undefined> {
  const raw = call.input.type?.trim() ?? '';
  if (raw === '') return success(undefined);
  if (raw === 'sell_high' || raw === '1') return success('sell_high');
  if (raw === 'buy_low' || raw === '2') return success('buy_low');
  return failure('DUAL.TYPE_INVALID', 'type');
}

/**
 * Invest products (our /invest/* paths) and dual-currency products (section 7 /dual/*). Orders are
 * read with the caller's uid; purchases require an idempotency key.
 */
export function registerEarnRoutes(app: FastifyInstance, services: EarnRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { products, purchase, orders } = services;

  serve(invest.investProducts, (call) => {
    const paging = pagingField(call);
    return paging.ok ? products.investList(call.input.coin, paging.value) : paging;
  });
  serve(invest.investProduct, (call) => {
    const id = idField(call, 'id');
    return id.ok ? products.investDetail(id.value) : id;
  });
  serve(invest.investPreview, (call) => {
    const id = idField(call, 'id');
    return id.ok ? products.investPreview(id.value, call.input.num) : id;
  });
  serve(invest.buyInvest, (call) => {
    const id = idField(call, 'id');
    if (!id.ok) return id;
    const idem = idempotentCall(call, 'invest/buy', true);
    return idem.ok ? purchase.buy('invest', idem.value, { productId: id.value, num: call.input.num }) : idem;
  });
  serve(invest.investOrders, (call) => {
    const status = statusField(call);
    if (!status.ok) return status;
    const paging = pagingField(call);
    return paging.ok ? orders.list(signedIn(call), 'invest', status.value, paging.value) : paging;
  });
  serve(invest.investOrder, (call) => {
    const id = idField(call, 'id');
    return id.ok ? orders.get(signedIn(call), id.value) : id;
  });
  serve(invest.earnPositions, (call) => orders.positions(signedIn(call)));

  serve(dual.dualProducts, (call) => {
    const currency = optionalIdField(call, 'currency_id');
    if (!currency.ok) return currency;
    const direction = directionField(call);
    if (!direction.ok) return direction;
    const paging = pagingField(call);
    return paging.ok ? products.dualList(currency.value, direction.value, paging.value) : paging;
  });
  serve(dual.dualProduct, (call) => {
    const id = idField(call, 'id');
    return id.ok ? products.dualDetail(id.value) : id;
  });
  serve(dual.dualPreview, (call) => {
    const id = idField(call, 'id');
    return id.ok ? products.dualPreview(id.value, call.input.num) : id;
  });
  serve(dual.buyDual, (call) => {
    const id = idField(call, 'id');
    if (!id.ok) return id;
    const idem = idempotentCall(call, 'dual/buyDual', true);
    return idem.ok ? purchase.buy('dual', idem.value, { productId: id.value, num: call.input.num }) : idem;
  });
  serve(dual.dualOrders, (call) => {
    const status = statusField(call);
    if (!status.ok) return status;
    const paging = pagingField(call);
    return paging.ok ? orders.list(signedIn(call), 'dual', status.value, paging.value) : paging;
  });
}
