import type { FastifyInstance } from 'fastify';
import * as wallet from '../../../contract/endpoints/wallet.ts';
import type { ChargeRequest } from '../../../contract/api/wallet.ts';
import { COIN_ACCOUNT, FIAT_ACCOUNT } from '../../domain/journal-builders.ts';
import { failure, success, type Outcome } from '../../domain/outcome.ts';
import type { Services } from '../../services/create-services.ts';
import type { ExchangeForm } from '../../services/wallet/exchange-service.ts';
import type { WalletServices } from './wallet-services.ts';
import { endpointsOn, signedIn, type Call } from '../../http/define-route.ts';
import { saidOnce } from '../../http/request-input.ts';
import { amountIn, currencyField, fundAccountField, idField, idempotentCall, optionalIdField } from '../../http/money-fields.ts';

/** What these routes use of the services: their own module's, and the session lookup. */
export type MoneyRoutesServices = Pick<Services, 'currencies' | 'sessions'> & Pick<WalletServices, 'charges' | 'exchanges' | 'transfers' | 'withdrawals'>;

const PAY_PASSWORD_MAX = 1024;
const RECEIVER_MAX = 320;

function payPassword(call: Call): Outcome<string> {
  const value = call.input.pay_password;
  if (value === undefined) return failure('VALID.REQUIRED', 'pay_password');
  return value.length <= PAY_PASSWORD_MAX ? success(value) : failure('WALLET.PAY_PASSWORD_WRONG', 'pay_password');
}

/** Names the /user/Transfer form may give the receiver by (the first wins when several agree). */
const RECEIVER_FIELDS: readonly string[] = ['account', 'uid', 'email'];

/** The receiver, each name said once and all of them naming the same one: otherwise the money would go to a guess. */
function receiverField(call: Call): Outcome<string> {
  const present = RECEIVER_FIELDS.filter((n) => call.input[n] !== undefined || call.flags.repeated.has(n));
  const [field] = present;
  if (field === undefined) return failure('VALID.REQUIRED', 'account');
  const values = new Set(present.map((n) => call.input[n]?.trim()));
  const value = call.input[field];
  if (value === undefined || values.size > 1 || present.some((n) => !saidOnce(call.flags, n))) return failure('COMMON.PARAM_INVALID', field);
  return value.length <= RECEIVER_MAX ? success(value) : failure('WALLET.RECEIVER_NOT_FOUND', field);
}

/** The typed withdrawal address, if any: said once, or which of two addresses the coins go to would be a guess. */
function addressField(call: Call): Outcome<string | undefined> {
  if (call.input.address === undefined && !call.flags.repeated.has('address')) return success(undefined);
  return saidOnce(call.flags, 'address') && call.input.address !== undefined ? success(call.input.address) : failure('WALLET.ADDRESS_INVALID', 'address');
}

function payType(call: Call): Outcome<ChargeRequest['pay_type']> {
  const raw = call.input.type?.trim().toLowerCase();
  if (raw === undefined || raw === 'bank' || raw === '1') return success('bank');
  return raw === 'international' || raw === '2' ? success('international') : failure('COMMON.PARAM_INVALID', 'type');
}

/** The exchange pair by ids (from_currency_id) or symbols (from_currency), the amount, and the account (default change). */
async function exchangeForm(call: Call, services: MoneyRoutesServices): Promise<Outcome<ExchangeForm>> {
  const from = await currencyField(call, services, 'from_currency_id', 'from_currency');
  if (!from.ok) return from;
  const to = await currencyField(call, services, 'to_currency_id', 'to_currency');
  if (!to.ok) return to;
  const amount = amountIn(call, from.value);
  if (!amount.ok) return amount;
  const account = fundAccountField(call, 'account', COIN_ACCOUNT);
  if (!account.ok) return account;
  return success({ from: from.value, to: to.value, amountMinor: amount.value, account: account.value });
}

/**
 * The wallet's writes that move money. Each validates its fields (a bad amount changes nothing),
 * requires an idempotency key, and leaves the rules to the services. Fields the form does not name
 * (user_id, fee, status, balance ...) are never read.
 */
export function registerMoneyRoutes(app: FastifyInstance, services: MoneyRoutesServices): void {
  const serve = endpointsOn(app, services);

  serve(wallet.withdraw, async (call) => {
    const currency = await currencyField(call, services);
    if (!currency.ok) return currency;
    const amount = amountIn(call, currency.value);
    if (!amount.ok) return amount;
    const network = idField(call, 'network_id');
    if (!network.ok) return network;
    const address = addressField(call);
    if (!address.ok) return address;
    const addressId = optionalIdField(call, 'address_id');
    if (!addressId.ok) return addressId;
    const password = payPassword(call);
    if (!password.ok) return password;
    const idem = idempotentCall(call, 'wallet/out', true);
    if (!idem.ok) return idem;
    return services.withdrawals.request(idem.value, {
      currencyId: currency.value.id, networkId: network.value, address: address.value, addressId: addressId.value,
      amountMinor: amount.value, payPassword: password.value,
    });
  });

  serve(wallet.chargeRequest, async (call) => {
    const currency = await currencyField(call, services, 'currency_id', 'currency');
    if (!currency.ok) return currency;
    const amount = amountIn(call, currency.value);
    if (!amount.ok) return amount;
    const account = fundAccountField(call, 'account', FIAT_ACCOUNT);
    if (!account.ok) return account;
    const type = payType(call);
    if (!type.ok) return type;
    const idem = idempotentCall(call, 'wallet/charge_req', true);
    if (!idem.ok) return idem;
    return services.charges.request(idem.value, { currency: currency.value, amountMinor: amount.value, account: account.value, payType: type.value });
  });

  serve(wallet.accountTransfer, async (call) => {
    const currency = await currencyField(call, services);
    if (!currency.ok) return currency;
    const amount = amountIn(call, currency.value);
    if (!amount.ok) return amount;
    const from = fundAccountField(call, 'from_field');
    if (!from.ok) return from;
    const to = fundAccountField(call, 'to_field');
    if (!to.ok) return to;
    const idem = idempotentCall(call, 'wallet/change', true);
    if (!idem.ok) return idem;
    return services.transfers.accountChange(idem.value, { currency: currency.value, amountMinor: amount.value, from: from.value, to: to.value });
  });

  serve(wallet.exchangeQuote, async (call) => {
    const form = await exchangeForm(call, services);
    return form.ok ? services.exchanges.quote(signedIn(call), form.value) : form;
  });

  serve(wallet.exchange, async (call) => {
    const form = await exchangeForm(call, services);
    if (!form.ok) return form;
    const idem = idempotentCall(call, 'wallet/exchange', true);
    return idem.ok ? services.exchanges.exchange(idem.value, form.value) : idem;
  });

  serve(wallet.transferFee, async (call) => {
    const currency = await currencyField(call, services);
    if (!currency.ok) return currency;
    const amount = amountIn(call, currency.value);
    return amount.ok ? services.transfers.fee(currency.value, amount.value) : amount;
  });

  serve(wallet.userTransfer, async (call) => {
    const currency = await currencyField(call, services);
    if (!currency.ok) return currency;
    const amount = amountIn(call, currency.value);
    if (!amount.ok) return amount;
    const receiver = receiverField(call);
    if (!receiver.ok) return receiver;
    const password = payPassword(call);
    if (!password.ok) return password;
    const idem = idempotentCall(call, 'user/Transfer', true);
    if (!idem.ok) return idem;
    return services.transfers.userTransfer(idem.value, { currency: currency.value, amountMinor: amount.value, receiver: receiver.value, payPassword: password.value });
  });
}
