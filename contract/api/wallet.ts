/**
 * The money core on the wire: fund accounts, deposits, withdrawals, transfers, exchange, bills,
 * identity verification and account settings (section 7 "Wallet" and "Settings and account").
 * Every amount is a decimal string in the currency's own unit ("0.015"), never a number.
 */

/** Fund accounts of section 3. The first four go on the wire by id (1 legal ... 4 micro). */
export const FUND_ACCOUNTS = ['legal', 'change', 'lever', 'micro', 'stock', 'margin', 'mining', 'financial', 'deposit'] as const;
export type FundAccount = (typeof FUND_ACCOUNTS)[number];
export const FUND_ACCOUNT_IDS: Partial<Record<FundAccount, number>> = { legal: 1, change: 2, lever: 3, micro: 4 };

/** The currency every total is converted to before the client applies the user's fiat rate. */
export const VALUATION_CURRENCY = 'USDT';

export interface Balance {
  currency_id: number;
  currency: string;
  image: string;
  available: string;
  frozen: string;
  /** (available + frozen) valued in USDT at the current price. */
  converted: string;
}

export interface FundAccountView {
  account: FundAccount;
  /** 1-4 for the first four accounts, 0 for the others. */
  type_id: number;
  total_converted: string;
  balances: Balance[];
}

/** POST /wallet/list: every fund account with its balances; totals in USDT. */
export interface WalletOverview {
  total_converted: string;
  accounts: FundAccountView[];
}

/** POST /wallet/detail (currency_id, account): one balance of one fund account. */
export interface WalletDetail extends Balance {
  account: FundAccount;
  /** 1-4 for the first four accounts, 0 for the others. */
  type_id: number;
  decimals: number;
}

/** GET /currency/user_currency_list: the currencies the user can move, with the balance of one account (default change). */
export interface UserCurrency {
  currency_id: number;
  currency: string;
  image: string;
  decimals: number;
  account: FundAccount;
  available: string;
  frozen: string;
}

export interface FiatRate {
  currency_code: string;
  /** Units of this currency per 1 USD. */
  rate: string;
  /** Epoch ms when the rate was fetched. */
  saveTime: number;
}

/** The fiat currencies of section 9; USD (rate 1) is the default. */
export const FIAT_CODES = ['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;

export interface DepositAddress {
  currency_id: number;
  currency: string;
  network_id: number;
  network: string;
  address: string;
  confirmations: number;
}

/** POST /wallet/get_info: what the withdraw screen needs for one currency. */
export interface WithdrawInfo {
  currency_id: number;
  currency: string;
  decimals: number;
  available: string;
  networks: { id: number; name: string; fee: string; min: string; address_pattern: string }[];
  /** BTC-equivalent limit left in the current 24 h for the user's verification level. */
  limit_left_btc: string;
  has_pay_password: boolean;
}

export type WithdrawalState = 'pending' | 'approved' | 'sent' | 'rejected';

export interface Withdrawal {
  id: number;
  currency: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  state: WithdrawalState;
  tx_hash: string;
  created_at: string;
  updated_at: string;
}

export type DepositState = 'confirming' | 'credited';

export interface Deposit {
  id: number;
  currency: string;
  network: string;
  address: string;
  amount: string;
  confirmations: number;
  required_confirmations: number;
  state: DepositState;
  tx_hash: string;
  created_at: string;
}

/** One line of a bill: a posting on the user's own account. */
export interface BillEntry {
  id: number;
  account: FundAccount;
  currency: string;
  /** Signed: "-0.5" left the account, "0.5" arrived. */
  change: string;
  /** What moved it: deposit, withdraw, withdraw_fee, transfer_in, transfer_out, exchange, fee ... */
  kind: string;
  /** Available balance after the change. */
  balance_after: string;
  created_at: string;
}

/** Between the user's own fund accounts (/wallet/change, /wallet/hzhistory). */
export interface AccountTransfer {
  id: number;
  currency: string;
  amount: string;
  from_account: FundAccount;
  to_account: FundAccount;
  created_at: string;
}

/** To another user (/user/Transfer, /user/getTransferList). */
export interface UserTransfer {
  id: number;
  currency: string;
  amount: string;
  fee: string;
  direction: 'out' | 'in';
  /** The other user's uid. */
  counterparty_uid: number;
  created_at: string;
}

export interface TransferFee {
  fee: string;
  /** What the receiver gets. */
  receive: string;
}

export interface ExchangeQuote {
  from_currency: string;
  to_currency: string;
  amount: string;
  /** Units of `to` for one unit of `from`, as the house deals this amount now (server/services/wallet/house-price.ts: the worse for the user of mark, target and the book walked for it). */
  price: string;
  fee: string;
  receive: string;
}

export type ChargeState = 'pending' | 'credited' | 'rejected';

/** POST /wallet/charge_req: a fiat top-up request, recorded pending until an operator credits it. */
export interface ChargeRequest {
  id: number;
  currency: string;
  amount: string;
  /** The fund account credited (legal unless the request named another). */
  account: FundAccount;
  /** How the user pays: 'bank' (domestic card) or 'international'. */
  pay_type: 'bank' | 'international';
  state: ChargeState;
  created_at: string;
}

/** Identity verification state (section 4): 0 not verified, 1 under verification, 2 verified, 3 failed. */
export interface RealState {
  /** Highest level passed: 0, 1 or 2. */
  level: 0 | 1 | 2;
  real_state: 0 | 1 | 2 | 3;
  /** The level being reviewed or last failed. */
  pending_level: 0 | 1 | 2;
  name: string;
  id_type: '' | 'id_card' | 'passport' | 'driver_license';
  /** Masked, such as "1101********1234". */
  card_id: string;
  email_bound: boolean;
  phone_bound: boolean;
}

export interface BankCard {
  real_name: string;
  bank_name: string;
  card_number: string;
  bank_address: string;
  province: string;
  city: string;
  phone: string;
  /** ISO 3166 region of the bank, such as "CN" (picked on /pages/setting/areas); absent from older servers. */
  country?: string;
}

export interface InternationalBankCard {
  real_name: string;
  bank_name: string;
  card_number: string;
  aba_number: string;
  swift_code: string;
  bank_network: string;
  bank_address: string;
  cardholder_address: string;
  phone: string;
  /** ISO 3166 region of the bank, such as "US" (picked on /pages/setting/areas); absent from older servers. */
  country?: string;
}

export interface SavedAddress {
  id: number;
  currency_id: number;
  currency: string;
  network_id: number;
  network: string;
  name: string;
  address: string;
  created_at: string;
}

/** Section 6: 24 h withdrawal limits by verification level, in BTC equivalent. */
export const WITHDRAW_LIMIT_BTC = { 0: '0', 1: '200', 2: '500' } as const;
/** Section 6: single fiat trade limit by level, in USDT. */
export const FIAT_TRADE_LIMIT_USDT = { 0: '0', 1: '2000', 2: '1000000' } as const;
