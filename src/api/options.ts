import type { Page } from '../../contract/envelope.ts';
import type { OptionDirection, OptionListStatus, OptionOrder } from '../../contract/api/contracts.ts';
import { get, getServed, postServed, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';

/** Seconds options (section 7 /microtrade/*). Stakes are decimal strings in the stake currency. */

/** The stake currencies, with the micro account's available balance when signed in. */
export const fetchPayableCurrencies = () => get('/microtrade/payable_currencies', undefined, { silent: true });

/** Expiry choices with profit rate and stake limits. */
export const fetchSeconds = (currencyId?: number) => get('/microtrade/seconds', currencyId ? { currency_id: currencyId } : undefined, { silent: true });

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
  idempotent((p: SubmitOption) => postServed('/microtrade/submit', p, { mask: true }));

export interface OptionQuery {
  status: OptionListStatus;
  page: number;
  limit: number;
}
export const fetchOptions = (q: OptionQuery): Promise<Served<Page<OptionOrder>>> =>
  getServed('/microtrade/lists', { ...q }, { silent: true });

export const fetchOptionResult = (id: number) => get('/microtrade/get_result', { id }, { silent: true });

