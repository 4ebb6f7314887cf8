import { LEVER_ACCOUNTS, type BatchCloseType, type LeverAccount, type FuturesOrderType, type FuturesTradeStatus, type OptionDirection, type OptionListStatus, type PositionSide } from '../../../contract/api/contracts.ts';
import type { ErrorCode } from '../../../contract/error-codes.ts';
import { parsePriceInput } from '../../domain/futures-prices.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { ContractSymbol } from '../../services/contracts/contract-directory.ts';
import type { ContractsServices } from './contracts-services.ts';
import type { Call } from '../../http/define-route.ts';
import { amountText, idField } from '../../http/money-fields.ts';
import { saidOnce } from '../../http/request-input.ts';

/**
 * Whether the other names of a symbol sent beside `symbol` name the same one: with `idFieldName`
 * (options' match_id) that id, whose currency_id is the stake currency, not the symbol's; without
 * it (futures) currency_id and legal_id. Which one a request trades must never be a guess.
 */
function agreesWithIds(call: Call, found: ContractSymbol, idFieldName: string | undefined): boolean {
  const said = (name: string, id: number) => call.input[name] === undefined || call.input[name]?.trim() === String(id);
  return idFieldName ? said(idFieldName, found.id) : said('currency_id', found.currencyId) && said('legal_id', found.legalId);
}

/** A contract symbol named by `symbol` ("BTC/USDT"), by `idField` (match_id) or by currency_id + legal_id. */
export async function contractSymbolField(call: Call, services: ContractsServices, idFieldName?: string): Promise<Outcome<ContractSymbol>> {
  const { directory } = services.contracts;
  const symbol = call.input.symbol;
  if (!saidOnce(call.flags, 'symbol')) return failure('COMMON.PARAM_INVALID', 'symbol');
  if (symbol !== undefined) {
    if (symbol.length > 32) return failure('CONTRACT.SYMBOL_UNAVAILABLE', 'symbol');
    const found = await directory.find({ symbol }, 'symbol');
    return found.ok && !agreesWithIds(call, found.value, idFieldName) ? failure('COMMON.PARAM_INVALID', 'symbol') : found;
  }
  if (idFieldName && call.input[idFieldName] !== undefined) {
    const id = idField(call, idFieldName);
    return id.ok ? directory.find({ id: id.value }, idFieldName) : id;
  }
  if (call.input.currency_id === undefined && call.input.legal_id === undefined) return failure('VALID.REQUIRED', idFieldName ?? 'symbol');
  const base = idField(call, 'currency_id');
  if (!base.ok) return base;
  const quote = idField(call, 'legal_id');
  if (!quote.ok) return quote;
  return directory.find({ currencyId: base.value, legalId: quote.value }, 'currency_id');
}

/** type long|short (also 1 = long, 2 = short, as some forms send it). */
export function sideField(call: Call, required = true): Outcome<PositionSide | undefined> {
  const raw = call.input.type?.trim().toLowerCase();
  if (raw === undefined) return required ? failure('VALID.REQUIRED', 'type') : success(undefined);
  if (raw === 'long' || raw === '1') return success('long');
  if (raw === 'short' || raw === '2') return success('short');
  return failure('COMMON.PARAM_INVALID', 'type');
}

/** A small whole number field (multiple, lots, seconds): `code` for anything else. */
export function wholeField(call: Call, names: readonly string[], code: ErrorCode, max: number): Outcome<number> {
  const present = names.filter((n) => call.input[n] !== undefined);
  const [name] = present;
  if (name === undefined) return failure('VALID.REQUIRED', names[0]);
  const raw = call.input[name]?.trim() ?? '';
  if (present.length > 1 || !saidOnce(call.flags, name) || !/^[1-9]\d{0,8}$/.test(raw) || Number(raw) > max) return failure(code, name);
  return success(Number(raw));
}

export function orderTypeField(call: Call): Outcome<FuturesOrderType> {
  const raw = call.input.order_type?.trim().toLowerCase();
  if (raw === undefined || raw === 'market' || raw === '1') return success('market');
  if (raw === 'limit' || raw === '2') return success('limit');
  return failure('COMMON.PARAM_INVALID', 'order_type');
}

/** An optional price of the symbol (limit, TP, SL): absent, empty or "0" is none; said once, as text. */
export function optionalPriceField(call: Call, symbol: ContractSymbol, field: string, code: ErrorCode): Outcome<bigint | null> {
  if (call.input[field] === undefined && !call.flags.repeated.has(field)) return success(null);
  const text = amountText(call, [field]);
  if (!text.ok) return failure(code, field);
  if (/^0+(\.0+)?$/.test(text.value.text.trim())) return success(null);
  return parsePriceInput(text.value.text, symbol.tickTicks, field, code);
}

export function leverAccountField(call: Call): Outcome<LeverAccount | undefined> {
  const raw = call.input.account?.trim().toLowerCase();
  if (raw === undefined) return success(undefined);
  const account = LEVER_ACCOUNTS.find((a) => a === raw);
  return account ? success(account) : failure('WALLET.ACCOUNT_INVALID', 'account');
}

export function batchTypeField(call: Call): Outcome<BatchCloseType> {
  const raw = call.input.type?.trim().toLowerCase();
  if (raw === undefined || raw === 'all' || raw === '0') return success('all');
  if (raw === 'longs' || raw === 'long' || raw === '1') return success('longs');
  if (raw === 'shorts' || raw === 'short' || raw === '2') return success('shorts');
  return failure('COMMON.PARAM_INVALID', 'type');
}

export function tradeStatusField(call: Call): Outcome<FuturesTradeStatus> {
  const raw = call.input.status?.trim().toLowerCase();
  if (raw === undefined || raw === 'in_progress' || raw === '1') return success('in_progress');
  if (raw === 'completed' || raw === '2') return success('completed');
  return failure('COMMON.PARAM_INVALID', 'status');
}

export function optionDirectionField(call: Call): Outcome<OptionDirection> {
  const raw = call.input.type?.trim().toLowerCase();
  if (raw === undefined) return failure('VALID.REQUIRED', 'type');
  if (raw === 'up' || raw === '1') return success('up');
  if (raw === 'down' || raw === '2') return success('down');
  return failure('COMMON.PARAM_INVALID', 'type');
}

export function optionStatusField(call: Call): Outcome<OptionListStatus> {
  const raw = call.input.status?.trim().toLowerCase();
  if (raw === undefined || raw === 'in_progress' || raw === '1') return success('in_progress');
  if (raw === 'settled' || raw === '2') return success('settled');
  return failure('COMMON.PARAM_INVALID', 'status');
}

/** An optional symbol filter, checked to be tradable. */
export async function optionalSymbolFilter(call: Call, services: ContractsServices): Promise<Outcome<string | undefined>> {
  if (call.input.symbol === undefined) return success(undefined);
  const symbol = await contractSymbolField(call, services);
  return symbol.ok ? success(symbol.value.symbol) : symbol;
}
