import * as contracts from '../../contract/endpoints/contracts.ts';
import type { Page } from '../../contract/envelope.ts';
import type { OptionDirection, OptionListStatus, SecondsOption } from '../../contract/api/contracts.ts';
import { get, getServed, postServed, type Served } from './client.ts';
import { idempotent } from './idempotent.ts';

/** Seconds options (section 7 /microtrade/*). Stakes are decimal strings in the stake currency. */

/** The stake currencies, with the micro account's available balance when signed in. */
export const fetchPayableCurrencies = () => get(contracts.payableCurrencies, undefined, { silent: true });

/** Expiry choices with profit rate and stake limits. */
export const fetchSeconds = (currencyId?: number) => get(contracts.optionPeriods, currencyId ? { currency_id: currencyId } : undefined, { silent: true });

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
  idempotent((p: SubmitOption) => postServed(contracts.submitOption, p, { mask: true }));

export interface OptionQuery {
  status: OptionListStatus;
  page: number;
  limit: number;
}
export const fetchOptions = (q: OptionQuery): Promise<Served<Page<SecondsOption>>> =>
  getServed(contracts.options, { ...q }, { silent: true });

export const fetchOptionResult = (id: number) => get(contracts.optionResult, { id }, { silent: true });

