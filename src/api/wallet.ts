import type { FundAccount, WalletOverview } from '../../contract/api/wallet.ts';
import { getServed, post, type Served } from './client.ts';
import { peekEarly, takeEarly } from './early.ts';
import { WALLET_OVERVIEW } from './early-reads.ts';
import { idempotent } from './idempotent.ts';

/**
 * The money core (section 7 "Wallet"): balances, deposit addresses, withdrawals, transfers between
 * the user's own accounts and to other users, currency exchange, bills and rates. Amounts go out
 * and come back as decimal strings. Every write is wrapped in `idempotent`: make one per screen.
 */

export interface PageQuery {
  page: number;
  limit: number;
}

/**
 * The balances with the time they were current, read with GET (the server answers both methods),
 * which the service worker keeps for offline reading while the user is signed in; the assets tab
 * asks for them at boot (early.ts), and whichever screen comes first takes that answer.
 */
export const fetchOverviewServed = (): Promise<Served<WalletOverview>> =>
  takeEarly(WALLET_OVERVIEW.path, WALLET_OVERVIEW.params, () => getServed('/wallet/list'));
/** The balances when their early answer is already in hand (the tab's first render). */
export const peekOverview = (): Served<WalletOverview> | undefined => peekEarly<WalletOverview>(WALLET_OVERVIEW.path, WALLET_OVERVIEW.params);

export const fetchDepositAddress = (currency_id: number, network_id: number) =>
  post('/wallet/get_in_address', { currency_id, network_id });

export const fetchWithdrawInfo = (currency_id: number) => post('/wallet/get_info', { currency_id });

export const fetchDeposits = (q: PageQuery) => getServed('/recharge/log', { ...q });
export const fetchWithdrawals = (q: PageQuery) => getServed('/user/withdraw/list', { ...q });

export interface BillQuery extends PageQuery {
  currency_id?: number;
  account?: FundAccount;
}
export const fetchBills = (q: BillQuery) => getServed('/wallet/legal_log', { ...q });

export const fetchAccountTransfers = (q: PageQuery) => getServed('/wallet/hzhistory', { ...q });
export const fetchUserTransfers = (q: PageQuery) => getServed('/user/getTransferList', { ...q });

export const fetchTransferFee = (currency_id: number, amount: string) =>
  post('/user/getTransferFee', { currency_id, amount }, { silent: true });

export interface ExchangeRequest {
  [key: string]: string;
  /** Currency symbols, as the quote names them. */
  from_currency: string;
  to_currency: string;
  amount: string;
}
export const fetchExchangeQuote = (q: ExchangeRequest) => post('/wallet/exchange_quote', q, { silent: true });

export interface WithdrawRequest {
  [key: string]: string | number;
  currency_id: number;
  network_id: number;
  address: string;
  amount: string;
  pay_password: string;
}
/** POST /wallet/out: the amount leaves the available balance (frozen until sent or rejected). */
export const withdrawAction = () => idempotent((p: WithdrawRequest) => post('/wallet/out', p, { mask: true }));

export interface ChangeRequest {
  [key: string]: string | number;
  currency_id: number;
  number: string;
  from_field: FundAccount;
  to_field: FundAccount;
}
/** POST /wallet/change: between two of the user's own fund accounts. */
export const accountTransferAction = () => idempotent((p: ChangeRequest) => post('/wallet/change', p, { mask: true }));

export const exchangeAction = () => idempotent((p: ExchangeRequest) => post('/wallet/exchange', p, { mask: true }));

export interface UserTransferRequest {
  [key: string]: string | number;
  currency_id: number;
  amount: string;
  /** The receiver's uid or email. */
  account: string;
  pay_password: string;
}
/** POST /user/Transfer: to another user, the fee shown by getTransferFee taken from the amount. */
export const userTransferAction = () => idempotent((p: UserTransferRequest) => post('/user/Transfer', p, { mask: true }));
