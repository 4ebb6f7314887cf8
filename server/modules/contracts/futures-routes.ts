import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../contract/endpoints/contracts.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { ContractSymbol } from '../../services/contracts/contract-directory.ts';
import type { OrderForm, PreviewForm } from '../../services/contracts/futures-service.ts';
import type { Services } from '../../services/create-services.ts';
import type { ContractsServices } from './contracts-services.ts';
import {
  batchTypeField, contractSymbolField, leverAccountField, optionalPriceField, optionalSymbolFilter, orderTypeField, sideField, tradeStatusField, wholeField,
} from './contract-fields.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { idField, idempotentCall, pagingField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type FuturesRoutesServices = Pick<Services, 'sessions'> & ContractsServices;

const MULTIPLE_MAX = 1000;
const LOTS_MAX = 1_000_000;

function multipleField(call: Call) {
  return wholeField(call, ['multiple'], 'CONTRACT.MULTIPLE_INVALID', MULTIPLE_MAX);
}

function lotsField(call: Call) {
  return wholeField(call, ['lots', 'share'], 'CONTRACT.LOTS_INVALID', LOTS_MAX);
}

/** The order screen's preview inputs: all of type, multiple and lots, or none (no preview). */
function previewForm(call: Call, symbol: ContractSymbol): Outcome<PreviewForm | null> {
  if (call.input.type === undefined && call.input.multiple === undefined && call.input.lots === undefined && call.input.share === undefined) return success(null);
  const side = sideField(call);
  if (!side.ok) return side;
  const multiple = multipleField(call);
  if (!multiple.ok) return multiple;
  const lots = lotsField(call);
  if (!lots.ok) return lots;
  const price = optionalPriceField(call, symbol, 'target_price', 'CONTRACT.PRICE_INVALID');
  if (!price.ok) return price;
  return success({ side: side.value ?? 'long', multiple: multiple.value, lots: lots.value, priceTicks: price.value });
}

function orderForm(call: Call, symbol: ContractSymbol): Outcome<OrderForm> {
  const side = sideField(call);
  if (!side.ok) return side;
  const multiple = multipleField(call);
  if (!multiple.ok) return multiple;
  const lots = lotsField(call);
  if (!lots.ok) return lots;
  const orderType = orderTypeField(call);
  if (!orderType.ok) return orderType;
  const limit = optionalPriceField(call, symbol, 'target_price', 'CONTRACT.PRICE_INVALID');
  if (!limit.ok) return limit;
  if (orderType.value === 'limit' && limit.value === null) return failure('VALID.REQUIRED', 'target_price');
  const tp = optionalPriceField(call, symbol, 'target_profit_price', 'CONTRACT.TAKE_PROFIT_INVALID');
  if (!tp.ok) return tp;
  const sl = optionalPriceField(call, symbol, 'stop_loss_price', 'CONTRACT.STOP_LOSS_INVALID');
  if (!sl.ok) return sl;
  return success({
    symbol, side: side.value ?? 'long', multiple: multiple.value, lots: lots.value, orderType: orderType.value,
    limitTicks: orderType.value === 'limit' ? limit.value : null, tpTicks: tp.value, slTicks: sl.value,
  });
}

/**
 * Futures (section 7 /lever/*). Positions are always looked up with the caller's uid, so another
 * user's id answers COMMON.NOT_FOUND; fields the forms do not name (user_id, margin, state, fee,
 * open_price ...) are never read. /lever/submit requires an idempotency key; the other writes take one.
 */
export function registerFuturesRoutes(app: FastifyInstance, services: FuturesRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { futures } = services.contracts;

  serve(contracts.futuresDeal, async (call) => {
    const symbol = await contractSymbolField(call, services);
    if (!symbol.ok) return symbol;
    const preview = previewForm(call, symbol.value);
    return preview.ok ? futures.deal(signedIn(call), symbol.value, preview.value) : preview;
  });

  serve(contracts.submitFutures, async (call) => {
    const symbol = await contractSymbolField(call, services);
    if (!symbol.ok) return symbol;
    const form = orderForm(call, symbol.value);
    if (!form.ok) return form;
    const idem = idempotentCall(call, 'lever/submit', true);
    return idem.ok ? futures.submit(idem.value, form.value) : idem;
  });

  serve(contracts.futuresDealAll, async (call) => {
    const account = leverAccountField(call);
    if (!account.ok) return account;
    const symbol = await optionalSymbolFilter(call, services);
    return symbol.ok ? futures.dealAll(signedIn(call), account.value, symbol.value) : symbol;
  });

  serve(contracts.closePosition, async (call) => {
    const id = idField(call, 'id');
    if (!id.ok) return id;
    const idem = idempotentCall(call, 'lever/close', false);
    if (!idem.ok) return idem;
    if (call.input.lots === undefined) return futures.close(idem.value, id.value);
    const lots = wholeField(call, ['lots'], 'CONTRACT.LOTS_INVALID', LOTS_MAX);
    return lots.ok ? futures.closeLots(idem.value, id.value, lots.value) : lots;
  });

  serve(contracts.cancelFutures, async (call) => {
    const id = idField(call, 'id');
    if (!id.ok) return id;
    const idem = idempotentCall(call, 'lever/cancel', false);
    return idem.ok ? futures.cancel(idem.value, id.value) : idem;
  });

  serve(contracts.batchClose, async (call) => {
    const type = batchTypeField(call);
    if (!type.ok) return type;
    const account = leverAccountField(call);
    if (!account.ok) return account;
    const symbol = await optionalSymbolFilter(call, services);
    if (!symbol.ok) return symbol;
    return futures.batchClose(signedIn(call), type.value, account.value, symbol.value);
  });

  serve(contracts.setStops, async (call) => {
    const id = idField(call, 'id');
    if (!id.ok) return id;
    const owned = await services.contracts.futures.symbolOf(signedIn(call), id.value);
    if (!owned.ok) return owned;
    const tp = optionalPriceField(call, owned.value, 'target_profit_price', 'CONTRACT.TAKE_PROFIT_INVALID');
    if (!tp.ok) return tp;
    const sl = optionalPriceField(call, owned.value, 'stop_loss_price', 'CONTRACT.STOP_LOSS_INVALID');
    if (!sl.ok) return sl;
    const idem = idempotentCall(call, 'lever/setstop', false);
    return idem.ok ? futures.setStops(idem.value, id.value, { tpTicks: tp.value, slTicks: sl.value }) : idem;
  });

  serve(contracts.futuresTrades, async (call) => {
    const status = tradeStatusField(call);
    if (!status.ok) return status;
    const account = leverAccountField(call);
    if (!account.ok) return account;
    const symbol = await optionalSymbolFilter(call, services);
    if (!symbol.ok) return symbol;
    const paging = pagingField(call);
    if (!paging.ok) return paging;
    return futures.myTrades(signedIn(call), { status: status.value, ...(account.value ? { account: account.value } : {}), ...(symbol.value ? { symbol: symbol.value } : {}) }, paging.value);
  });
}
