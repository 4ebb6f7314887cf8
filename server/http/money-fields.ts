import type { FundAccount } from '../../contract/api/wallet.ts';
import { parseAmount } from '../domain/amount-input.ts';
import { parseFundAccount } from '../domain/fund-account-input.ts';
import { normaliseIdempotencyKey } from '../domain/idempotency-rules.ts';
import { failure, success, type Outcome } from '../domain/outcome.ts';
import { toPaging, type Paging } from '../domain/paging.ts';
import type { CurrencyRow } from '../services/currency-service.ts';
import type { Services } from '../services/create-services.ts';
import type { IdempotentCall } from '../services/ledger/idempotency-service.ts';
import { signedIn, type Call } from './define-route.ts';
import { saidOnce } from './request-input.ts';

/** Forms name the amount `number` (the spec's /wallet/change) or `amount` (the app's other forms). */
export const AMOUNT_FIELDS: readonly string[] = ['number', 'amount'];

/**
 * The amount's text, said exactly once: a repeated field (number=1&number=2), both names at once, a
 * JSON number, boolean or array is refused as VALID.AMOUNT rather than a value being picked silently.
 */
export function amountText(call: Call, names: readonly string[] = AMOUNT_FIELDS): Outcome<{ text: string; field: string }> {
  const present = names.filter((n) => call.input[n] !== undefined || call.flags.repeated.has(n));
  const [field] = present;
  if (field === undefined) return failure('VALID.REQUIRED', names[0]);
  if (present.length > 1 || !saidOnce(call.flags, field) || call.flags.numeric.has(field)) return failure('VALID.AMOUNT', field);
  const text = call.input[field];
  return text === undefined ? failure('VALID.AMOUNT', field) : success({ text, field });
}

/** An id field, which the endpoint declares as kind 'id' (parsed there: "3" or 3, a whole number from 1). */
export function idField(call: Call, field: string): Outcome<number> {
  const value = call.fields[field];
  if (value === undefined) return failure('VALID.REQUIRED', field);
  if (typeof value !== 'number') throw new Error(`${field} is read as an id but not declared as one`);
  return success(value);
}

export function optionalIdField(call: Call, field: string): Outcome<number | undefined> {
  return call.input[field] === undefined ? success(undefined) : idField(call, field);
}

/**
 * A listed currency named by id (`field`, "1") or by symbol (`symbolField`, "BTC"); both may be
 * sent only when they name the same currency, or which one is exchanged or topped up would be a guess.
 */
export async function currencyField(call: Call, services: Pick<Services, 'currencies'>, field = 'currency_id', symbolField?: string): Promise<Outcome<CurrencyRow>> {
  const symbol = symbolField === undefined ? undefined : call.input[symbolField];
  if (symbolField !== undefined && (symbol !== undefined || call.flags.repeated.has(symbolField)) && !saidOnce(call.flags, symbolField)) {
    return failure('COMMON.PARAM_INVALID', symbolField);
  }
  if (call.input[field] === undefined && symbolField && symbol !== undefined) return services.currencies.usable(symbol, symbolField);
  const id = idField(call, field);
  if (!id.ok) return id;
  const currency = await services.currencies.usable(id.value, field);
  if (currency.ok && symbolField !== undefined && symbol !== undefined && symbol.trim().toUpperCase() !== currency.value.symbol) return failure('COMMON.PARAM_INVALID', symbolField);
  return currency;
}

/** The amount in the currency's minor units, refusing anything but a plain positive decimal it can hold. */
export function amountIn(call: Call, currency: CurrencyRow, names: readonly string[] = AMOUNT_FIELDS): Outcome<bigint> {
  const text = amountText(call, names);
  return text.ok ? parseAmount(text.value.text, currency.decimals, text.value.field) : text;
}

export function fundAccountField(call: Call, field: string, fallback?: FundAccount): Outcome<FundAccount> {
  const raw = call.input[field];
  if (raw === undefined) return fallback ? success(fallback) : failure('VALID.REQUIRED', field);
  const account = parseFundAccount(raw);
  return account ? success(account) : failure('WALLET.ACCOUNT_INVALID', field);
}

/** page and limit (default 10, at most 50). */
export function pagingField(call: Call): Outcome<Paging> {
  const page = optionalIdField(call, 'page');
  if (!page.ok) return page;
  const limit = optionalIdField(call, 'limit');
  if (!limit.ok) return limit;
  return success(toPaging(page.value, limit.value));
}

/**
 * The idempotency key from the `idempotency_key` field or the Idempotency-Key header (both may be
 * sent if equal). `required` for writes that move money: a retry without a key could move it twice.
 */
export function idempotentCall(call: Call, endpoint: string, required: boolean): Outcome<IdempotentCall> {
  const header = call.request.headers['idempotency-key'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const fromField = call.input.idempotency_key;
  if (call.flags.repeated.has('idempotency_key')) return failure('COMMON.PARAM_INVALID', 'idempotency_key');
  if (fromHeader !== undefined && fromField !== undefined && fromHeader.trim() !== fromField.trim()) return failure('COMMON.PARAM_INVALID', 'idempotency_key');
  const raw = fromField ?? fromHeader;
  if (raw === undefined || raw === '') return required ? failure('VALID.REQUIRED', 'idempotency_key') : success({ userId: signedIn(call), endpoint, key: null, fields: call.input });
  const key = normaliseIdempotencyKey(raw);
  return key ? success({ userId: signedIn(call), endpoint, key, fields: call.input }) : failure('COMMON.PARAM_INVALID', 'idempotency_key');
}
