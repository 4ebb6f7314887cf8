import type { Page } from '../../contract/envelope.ts';
import type { OptionDirection, OptionListStatus, OptionPeriod, PayableCurrency, SecondsOption } from '../../contract/api/contracts.ts';
import { get, requestServed, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';

/** Seconds options (section 7 /microtrade/*). Stakes are decimal strings in the stake currency. */

/** The stake currencies, with the micro account's available balance when signed in. */
export const fetchPayableCurrencies = () => get<PayableCurrency[]>('/microtrade/payable_currencies', undefined, { silent: true });

/** Expiry choices with profit rate and stake limits. */
export const fetchSeconds = (currencyId?: number) => get<OptionPeriod[]>('/microtrade/seconds', currencyId ? { currency_id: currencyId } : undefined, { silent: true });

export interface SubmitOption {
  [key: string]: string | number;
  symbol: string;
  currency_id: number;
  type: OptionDirection;
  seconds: number;
  number: string;
}

/** One per form; answered with the time the server produced it, for the countdown's clock. */
export const submitOptionAction = () =>
  idempotent((p: SubmitOption) => requestServed<SecondsOption>('/microtrade/submit', { method: 'POST', data: p, mask: true }));

export interface OptionQuery {
  status: OptionListStatus;
  page: number;
  limit: number;
}
export const fetchOptions = (q: OptionQuery): Promise<Served<Page<SecondsOption>>> =>
  requestServed<Page<SecondsOption>>('/microtrade/lists', { method: 'GET', data: { ...q }, silent: true });

export const fetchOptionResult = (id: number) => get<SecondsOption>('/microtrade/get_result', { id }, { silent: true });

