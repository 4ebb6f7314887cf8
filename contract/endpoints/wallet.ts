import type {
  AccountTransfer, BankCard, BillEntry, ChargeRequest, Deposit, DepositAddress, ExchangeQuote, FiatRate, InternationalBankCard,
  RealState, SavedAddress, TransferFee, UserCurrency, UserTransfer, WalletDetail, WalletOverview, WithdrawInfo, Withdrawal,
} from '../api/wallet.ts';
import type { Page } from '../envelope.ts';
import { endpoint } from '../endpoint.ts';

/**
 * The money core (section 7 "Wallet", "Settings and account"). Amounts come as `number` or `amount`
 * (both optional here: the handler refuses neither or both). Writes carry an idempotency key.
 */

const PAGE = { page: 'id?', limit: 'id?' } as const;
const AMOUNT = { number: 'amount?', amount: 'amount?' } as const;
const KEY = { idempotency_key: 'text?' } as const;

export const fiatRates = endpoint<FiatRate[]>()({ method: 'read', path: '/wallet/getRateCurrency', auth: 'none', fields: {} });
export const walletList = endpoint<WalletOverview>()({ method: 'read', path: '/wallet/list', auth: 'required', fields: {} });
export const walletDetail = endpoint<WalletDetail>()({ method: 'read', path: '/wallet/detail', auth: 'required', fields: { currency_id: 'id', account: 'text?' } });
export const withdrawInfo = endpoint<WithdrawInfo>()({ method: 'read', path: '/wallet/get_info', auth: 'required', fields: { currency_id: 'id' } });
export const depositAddress = endpoint<DepositAddress>()({ method: 'read', path: '/wallet/get_in_address', auth: 'required', fields: { currency_id: 'id', network_id: 'id' } });
export const bills = endpoint<Page<BillEntry>>()({ method: 'read', path: '/wallet/legal_log', auth: 'required', fields: { ...PAGE, currency_id: 'id?', account: 'text?' } });
export const deposits = endpoint<Page<Deposit>>()({ method: 'read', path: '/recharge/log', auth: 'required', fields: PAGE });
export const withdrawals = endpoint<Page<Withdrawal>>()({ method: 'read', path: '/user/withdraw/list', auth: 'required', fields: PAGE });
export const accountTransfers = endpoint<Page<AccountTransfer>>()({ method: 'read', path: '/wallet/hzhistory', auth: 'required', fields: PAGE });
export const userTransfers = endpoint<Page<UserTransfer>>()({ method: 'read', path: '/user/getTransferList', auth: 'required', fields: PAGE });
export const userCurrencies = endpoint<UserCurrency[]>()({ method: 'read', path: '/currency/user_currency_list', auth: 'required', fields: { account: 'text?' } });

export const withdraw = endpoint<Withdrawal>()({
  method: 'write', path: '/wallet/out', auth: 'required',
  fields: { currency_id: 'id', ...AMOUNT, network_id: 'id', address: 'text?', address_id: 'id?', pay_password: 'text', ...KEY },
});
/** A fiat top-up by bank transfer; the currency by id or by symbol (`currency`). */
export const chargeRequest = endpoint<ChargeRequest>()({
  method: 'write', path: '/wallet/charge_req', auth: 'required',
  fields: { currency_id: 'id?', currency: 'text?', ...AMOUNT, account: 'text?', type: 'text?', ...KEY },
});
/** Between the user's own fund accounts. */
export const accountTransfer = endpoint<AccountTransfer>()({
  method: 'write', path: '/wallet/change', auth: 'required',
  fields: { currency_id: 'id', ...AMOUNT, from_field: 'text', to_field: 'text', ...KEY },
});
const EXCHANGE = { from_currency_id: 'id?', from_currency: 'text?', to_currency_id: 'id?', to_currency: 'text?', ...AMOUNT, account: 'text?' } as const;
/** The quote the confirm screen shows, computed by the code that exchanges. */
export const exchangeQuote = endpoint<ExchangeQuote>()({ method: 'write', path: '/wallet/exchange_quote', auth: 'required', fields: EXCHANGE });
export const exchange = endpoint<ExchangeQuote>()({ method: 'write', path: '/wallet/exchange', auth: 'required', fields: { ...EXCHANGE, ...KEY } });
export const transferFee = endpoint<TransferFee>()({ method: 'write', path: '/user/getTransferFee', auth: 'required', fields: { currency_id: 'id', ...AMOUNT } });
/** To another user, named by `account`, `uid` or `email` (several only if they agree). */
export const userTransfer = endpoint<UserTransfer>()({
  method: 'write', path: '/user/Transfer', auth: 'required',
  fields: { currency_id: 'id', ...AMOUNT, account: 'text?', uid: 'text?', email: 'text?', pay_password: 'text', ...KEY },
});

export const realState = endpoint<RealState>()({ method: 'read', path: '/real/state', auth: 'required', fields: {} });
/** real_type 1: name and id number; 2: the two photos' upload paths. */
export const submitReal = endpoint<RealState>()({
  method: 'write', path: '/user/real', auth: 'required',
  fields: { real_type: 'int', id_type: 'text?', name: 'text?', card_id: 'text?', front_pic: 'text?', reverse_pic: 'text?', ...KEY },
});
const PASSWORD = { kind: 'text', max: 1024, code: 'AUTH.PASSWORD_TOO_LONG' } as const;
export const setPayPassword = endpoint<string>()({ method: 'write', path: '/safe/pay_password', auth: 'required', fields: { password: PASSWORD, re_password: PASSWORD, code: 'code', ...KEY } });
export const bindEmail = endpoint<string>()({ method: 'write', path: '/safe/email', auth: 'required', fields: { email: 'text', code: 'code', ...KEY } });

/** Every card field is required; the card rules say which is missing, in the form's order. */
const CARD = { real_name: 'text?', bank_name: 'text?', card_number: 'text?', bank_address: 'text?', phone: 'text?', country: 'text?' } as const;
export const saveBankCard = endpoint<string>()({ method: 'write', path: '/user/cash_save', auth: 'required', fields: { ...CARD, province: 'text?', city: 'text?', ...KEY } });
export const saveInternationalCard = endpoint<string>()({
  method: 'write', path: '/user/cash_save_international', auth: 'required',
  fields: { ...CARD, aba_number: 'text?', swift_code: 'text?', bank_network: 'text?', cardholder_address: 'text?', ...KEY },
});
export const bankCard = endpoint<BankCard | null>()({ method: 'read', path: '/user/cash_info', auth: 'required', fields: {} });
export const internationalCard = endpoint<InternationalBankCard | null>()({ method: 'read', path: '/user/cash_info_international', auth: 'required', fields: {} });

export const saveAddress = endpoint<SavedAddress>()({
  method: 'write', path: '/user/wallet/save', auth: 'required',
  fields: { currency_id: 'id', network_id: 'id', name: 'text', address: 'text', ...KEY },
});
export const addresses = endpoint<Page<SavedAddress>>()({ method: 'read', path: '/user/wallet/list', auth: 'required', fields: PAGE });
const DELETE_ADDRESS = { id: 'id', ...KEY } as const;
/** /user/wallet/del in the spec, /user/wallet/delete in the app: the same action. */
export const deleteAddress = endpoint<string>()({ method: 'write', path: '/user/wallet/delete', auth: 'required', fields: DELETE_ADDRESS });
export const deleteAddressSpec = endpoint<string>()({ method: 'write', path: '/user/wallet/del', auth: 'required', fields: DELETE_ADDRESS });
