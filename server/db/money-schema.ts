import type { Generated } from 'kysely';

/**
 * Tables of the money core (issue 3), same conventions as schema.ts: amounts are integer minor
 * units as decimal-digit text (`*_minor`, signed only in postings), timestamps ISO-8601 UTC text.
 */
export interface MoneyTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_journals: LedgerJournalsTable;
  ledger_postings: LedgerPostingsTable;
  idempotency_keys: IdempotencyKeysTable;
  ops_audit: OpsAuditTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  account_transfers: AccountTransfersTable;
  user_transfers: UserTransfersTable;
  exchanges: ExchangesTable;
  charge_requests: ChargeRequestsTable;
  identity_verifications: IdentityVerificationsTable;
  bank_cards: BankCardsTable;
  address_book: AddressBookTable;
  fiat_rates: FiatRatesTable;
}

/** One balance holder: (user or system, fund account or system account name, currency). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** 0 for system accounts (fees, custody, house, insurance). */
  user_id: number;
  name: string;
  currency_id: number;
  available_minor: string;
  frozen_minor: string;
  /** 1 for custody and house (contra accounts); user accounts never go below zero. */
  allow_negative: number;
  updated_at: string;
}

/** A balanced set of postings; never updated or deleted (database triggers refuse it). */
export interface LedgerJournalsTable {
  id: Generated<number>;
  kind: string;
  /** Who caused it; 0 for operators and the chain. */
  user_id: number;
  ref_type: string;
  ref_id: number | null;
  reverses_journal_id: number | null;
  created_at: string;
}

export interface LedgerPostingsTable {
  id: Generated<number>;
  journal_id: number;
  account_id: number;
  currency_id: number;
  /** 'available' or 'frozen'. */
  bucket: string;
  /** What the owner's bill calls it: deposit, withdraw, withdraw_fee, transfer_in ... */
  kind: string;
  /** Signed minor units. */
  amount_minor: string;
  /** The bucket's balance right after this posting. */
  balance_after_minor: string;
  created_at: string;
}

/** The first answer to each (user, endpoint, key); a repeat gets it back instead of acting again. */
export interface IdempotencyKeysTable {
  user_id: number;
  endpoint: string;
  key: string;
  /** SHA-256 of the request's fields: the same key with other fields is refused. */
  request_hash: string;
  /** The Outcome as JSON; null only inside the transaction that claimed the key. */
  response_json: string | null;
  created_at: string;
}

export interface OpsAuditTable {
  id: Generated<number>;
  operator: string;
  command: string;
  args: string;
  /** 'ok' or 'error'. */
  result: string;
  detail: string;
  created_at: string;
}

export interface DepositAddressesTable {
  id: Generated<number>;
  user_id: number;
  network_id: number;
  address: string;
  created_at: string;
}

export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network_id: number;
  address: string;
  amount_minor: string;
  confirmations: number;
  required_confirmations: number;
  /** 'confirming' or 'credited'. */
  state: string;
  tx_hash: string;
  journal_id: number | null;
  /** When the last confirmation was counted (the simulated chain adds one per block interval). */
  confirmed_at: string;
  created_at: string;
  updated_at: string;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network_id: number;
  address: string;
  amount_minor: string;
  fee_minor: string;
  /** 'pending' -> 'approved' -> 'sent', or 'rejected'. */
  state: string;
  tx_hash: string;
  freeze_journal_id: number;
  settle_journal_id: number | null;
  decided_by: string;
  created_at: string;
  updated_at: string;
}

export interface AccountTransfersTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  amount_minor: string;
  from_account: string;
  to_account: string;
  journal_id: number;
  created_at: string;
}

export interface UserTransfersTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  currency_id: number;
  amount_minor: string;
  fee_minor: string;
  journal_id: number;
  created_at: string;
}

export interface ExchangesTable {
  id: Generated<number>;
  user_id: number;
  account: string;
  from_currency_id: number;
  to_currency_id: number;
  amount_minor: string;
  receive_minor: string;
  fee_minor: string;
  /** Units of `to` per unit of `from` as shown in the quote. */
  price: string;
  journal_id: number;
  created_at: string;
}

export interface ChargeRequestsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  account: string;
  amount_minor: string;
  pay_type: string;
  /** 'pending' -> 'credited' or 'rejected'. */
  state: string;
  journal_id: number | null;
  decided_by: string;
  created_at: string;
  updated_at: string;
}

export interface IdentityVerificationsTable {
  id: Generated<number>;
  user_id: number;
  level: number;
  id_type: string;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  /** 'pending' -> 'approved' or 'rejected'. */
  state: string;
  reason: string;
  decided_by: string;
  created_at: string;
  decided_at: string | null;
}

export interface BankCardsTable {
  user_id: number;
  /** 'domestic' or 'international'. */
  kind: string;
  /** The validated card fields as JSON. */
  data_json: string;
  updated_at: string;
}

export interface AddressBookTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network_id: number;
  name: string;
  address: string;
  created_at: string;
}

/** Units of each fiat per 1 USD from the public rates source; saved_at_ms is when it was fetched. */
export interface FiatRatesTable {
  currency_code: string;
  rate: string;
  saved_at_ms: string;
}
