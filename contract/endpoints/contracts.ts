import type {
  FuturesBatchCloseResult, FuturesCloseResult, FuturesDeal, FuturesDealAll, FuturesPosition, FuturesSubmitResult, OptionPeriod, PayableCurrency, OptionOrder,
} from '../api/contracts.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * Futures (the spec's /lever/ calls) and seconds options (/microtrade/). A contract is named by
 * `symbol` or by currency_id + legal_id (options: `match_id`); both only when they agree.
 */

const SYMBOL = { symbol: 'text?', currency_id: 'id?', legal_id: 'id?' } as const;
const PAGE = { page: 'id?', limit: 'id?' } as const;
const KEY = { idempotency_key: 'text?' } as const;
/** An order's side (long/short), leverage and size (`lots` or `share`). */
const LOTS = { kind: 'int', optional: true, code: 'CONTRACT.LOTS_INVALID' } as const;
const ORDER = {
  type: 'text?', multiple: { kind: 'int', optional: true, code: 'CONTRACT.MULTIPLE_INVALID' }, lots: LOTS, share: LOTS, target_price: 'amount?',
} as const;
const STOPS = { target_profit_price: 'amount?', stop_loss_price: 'amount?' } as const;

/** The account and, with an order's fields, the preview its confirm screen shows. */
export const futuresDeal = endpoint<FuturesDeal>()({ method: 'read', path: '/lever/deal', auth: 'required', fields: { ...SYMBOL, ...ORDER } });
export const submitFutures = endpoint<FuturesSubmitResult>()({
  method: 'write', path: '/lever/submit', auth: 'required',
  fields: { ...SYMBOL, ...ORDER, order_type: 'text?', ...STOPS, ...KEY },
});
export const futuresDealAll = endpoint<FuturesDealAll>()({ method: 'read', path: '/lever/dealall', auth: 'required', fields: { account: 'text?', symbol: 'text?' } });
/** `lots` closes part of the position (at least 1; all of it when absent or not fewer than it holds). */
export const closePosition = endpoint<FuturesCloseResult>()({ method: 'write', path: '/lever/close', auth: 'required', fields: { id: 'id', lots: LOTS, ...KEY } });
export const cancelFutures = endpoint<FuturesPosition>()({ method: 'write', path: '/lever/cancel', auth: 'required', fields: { id: 'id', ...KEY } });
/** `type` all, longs or shorts. */
export const batchClose = endpoint<FuturesBatchCloseResult>()({ method: 'write', path: '/lever/batch_close', auth: 'required', fields: { type: 'text?', account: 'text?', symbol: 'text?' } });
export const setStops = endpoint<FuturesPosition>()({ method: 'write', path: '/lever/setstop', auth: 'required', fields: { id: 'id', ...STOPS, ...KEY } });
export const futuresTrades = endpoint<Page<FuturesPosition>>()({
  method: 'read', path: '/lever/my_trade', auth: 'required',
  fields: { status: 'text?', account: 'text?', symbol: 'text?', ...PAGE },
});

export const payableCurrencies = endpoint<PayableCurrency[]>()({ method: 'read', path: '/microtrade/payable_currencies', auth: 'optional', fields: {} });
export const optionPeriods = endpoint<OptionPeriod[]>()({ method: 'read', path: '/microtrade/seconds', auth: 'optional', fields: { currency_id: 'id?' } });
/** `type` up or down; the stake in the paying currency (`currency_id`). */
export const submitOption = endpoint<OptionOrder>()({
  method: 'write', path: '/microtrade/submit', auth: 'required',
  fields: { match_id: 'id?', symbol: 'text?', legal_id: 'id?', currency_id: 'id', type: 'text', seconds: { kind: 'int', code: 'OPTION.PERIOD_UNAVAILABLE' }, number: 'amount?', amount: 'amount?', ...KEY },
});
export const options = endpoint<Page<OptionOrder>>()({ method: 'read', path: '/microtrade/lists', auth: 'required', fields: { status: 'text?', ...PAGE } });
export const optionResult = endpoint<OptionOrder>()({ method: 'read', path: '/microtrade/get_result', auth: 'required', fields: { id: 'id' } });
