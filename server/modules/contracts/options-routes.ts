import type { FastifyInstance } from 'fastify';
import * as contracts from '../../../contract/endpoints/contracts.ts';
import { OPTION_LIST_LIMIT_DEFAULT } from '../../../contract/api/contracts.ts';
import { toPaging } from '../../domain/paging.ts';
import type { Services } from '../../services/create-services.ts';
import type { ContractsServices } from './contracts-services.ts';
import { contractSymbolField, optionDirectionField, optionStatusField, wholeField } from './contract-fields.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { amountIn, currencyField, idField, idempotentCall, optionalIdField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type OptionsRoutesServices = Pick<Services, 'currencies' | 'sessions'> & ContractsServices;

const SECONDS_MAX = 86_400;

/** page and limit with the options list's default of 5 (section 7), at most 50. */
function optionPaging(call: Call) {
  const page = optionalIdField(call, 'page');
  if (!page.ok) return page;
  const limit = optionalIdField(call, 'limit');
  if (!limit.ok) return limit;
  return { ok: true as const, value: toPaging(page.value, limit.value ?? OPTION_LIST_LIMIT_DEFAULT) };
}

/**
 * Seconds options (section 7 /microtrade/*). Options are always looked up with the caller's uid;
 * /microtrade/submit requires an idempotency key; fields the form does not name are never read.
 */
export function registerOptionsRoutes(app: FastifyInstance, services: OptionsRoutesServices): void {
  const serve = endpointsOn(app, services);
  const { options } = services.contracts;

  serve(contracts.payableCurrencies, (call) => options.payableCurrencies(call.userId));

  serve(contracts.optionPeriods, async (call) => {
    const currency = optionalIdField(call, 'currency_id');
    return currency.ok ? options.seconds(currency.value) : currency;
  });

  serve(contracts.submitOption, async (call) => {
      const symbol = await contractSymbolField(call, services, 'match_id');
      if (!symbol.ok) return symbol;
      const currency = await currencyField(call, services);
      if (!currency.ok) return currency;
      const direction = optionDirectionField(call);
      if (!direction.ok) return direction;
      const seconds = wholeField(call, ['seconds'], 'OPTION.PERIOD_UNAVAILABLE', SECONDS_MAX);
      if (!seconds.ok) return seconds;
      const stake = amountIn(call, currency.value, ['number', 'amount']);
      if (!stake.ok) return stake;
      const idem = idempotentCall(call, 'microtrade/submit', true);
      if (!idem.ok) return idem;
      return options.submit(idem.value, { symbol: symbol.value, currency: currency.value, direction: direction.value, seconds: seconds.value, stakeMinor: stake.value });
  });

  serve(contracts.options, async (call) => {
    const status = optionStatusField(call);
    if (!status.ok) return status;
    const paging = optionPaging(call);
    return paging.ok ? options.list(signedIn(call), status.value, paging.value) : paging;
  });

  serve(contracts.optionResult, async (call) => {
    const id = idField(call, 'id');
    return id.ok ? options.get(signedIn(call), id.value) : id;
  });
}
