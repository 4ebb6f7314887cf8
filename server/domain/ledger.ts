import type { FundAccount } from '../../contract/api/wallet.ts';
import { failure, success, type Outcome } from './outcome.ts';

/**
 * The double-entry ledger's rules, without storage. Every balance is an (account, bucket) pair:
 * `available` is spendable, `frozen` is held (pending withdrawals, later order holds). A journal is a
 * set of signed postings that sums to zero in every currency it touches; moving money between
 * available and frozen is a journal like any other, so frozen amounts are explained by the ledger too.
 */

/** System accounts belong to user 0; users' ids start at 100001. */
export const SYSTEM_USER_ID = 0;
export const SYSTEM_ACCOUNTS = ['fees', 'custody', 'house', 'insurance'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/**
 * Accounts that may go below zero. custody is the contra account of what the chain holds (a deposit
 * credits the user and debits custody), and house is the counterparty of exchanges at reference
 * prices and of futures and options. insurance pays the house what a liquidated user's balance could
 * not (issue 5), so its balance can be a deficit for an operator to cover. fees only ever receive,
 * and user accounts never go negative.
 */
const NEGATIVE_ALLOWED: readonly string[] = ['custody', 'house', 'insurance'] satisfies SystemAccount[];

export type Bucket = 'available' | 'frozen';

export interface AccountKey {
  /** SYSTEM_USER_ID for system accounts. */
  userId: number;
  /** A FundAccount for users, a SystemAccount for the system. */
  name: string;
  currencyId: number;
}

export const userAccount = (userId: number, account: FundAccount, currencyId: number): AccountKey => ({ userId, name: account, currencyId });
export const systemAccount = (name: SystemAccount, currencyId: number): AccountKey => ({ userId: SYSTEM_USER_ID, name, currencyId });

/** A stable text form of an account key, used as a map key and for lock ordering. */
export const accountKeyText = (k: AccountKey): string => `${k.userId}:${k.name}:${k.currencyId}`;

export const mayGoNegative = (k: AccountKey): boolean => k.userId === SYSTEM_USER_ID && NEGATIVE_ALLOWED.includes(k.name);

export interface PostingDraft {
  account: AccountKey;
  bucket: Bucket;
  /** Signed: negative leaves the balance, positive arrives. Never zero. */
  amountMinor: bigint;
  /** What the owner sees in their bill: deposit, withdraw, withdraw_fee, transfer_in ... */
  kind: string;
}

export interface JournalDraft {
  /** What happened: deposit, withdraw_request, withdraw_send, withdraw_reject, exchange ... */
  kind: string;
  /** Who caused it (SYSTEM_USER_ID for operators and the chain). */
  userId: number;
  /** The business record this journal belongs to, such as ('withdrawal', 12). */
  refType: string;
  refId: number | null;
  /** Set on a correction: the journal whose postings this one negates. */
  reversesJournalId: number | null;
  postings: PostingDraft[];
}

/** Why a draft is not a valid journal, or null. A non-null answer is a programming error. */
export function journalProblem(draft: JournalDraft): string | null {
  if (draft.postings.length < 2) return 'a journal needs at least two postings';
  const sums = new Map<number, bigint>();
  for (const p of draft.postings) {
    if (p.amountMinor === 0n) return `zero posting on ${accountKeyText(p.account)}`;
    sums.set(p.account.currencyId, (sums.get(p.account.currencyId) ?? 0n) + p.amountMinor);
  }
  for (const [currencyId, sum] of sums) if (sum !== 0n) return `currency ${currencyId} sums to ${sum}, not 0`;
  return null;
}

export interface BalanceState {
  available: bigint;
  frozen: bigint;
}

export interface Applied {
  balances: Map<string, BalanceState>;
  /** The bucket's balance after each posting, in posting order. */
  after: bigint[];
}

/**
 * Applies postings in order to the balances they touch (keyed by accountKeyText; missing means zero).
 * Fails with WALLET.INSUFFICIENT_BALANCE when an account that may not go negative would end below
 * zero; intermediate steps may dip (a journal is atomic), only the end state counts.
 */
export function applyPostings(start: ReadonlyMap<string, BalanceState>, postings: readonly PostingDraft[]): Outcome<Applied> {
  const balances = new Map<string, BalanceState>();
  const after: bigint[] = [];
  // Each key's text once (the order flow applies several journals per order).
  const keys: string[] = [];
  for (const p of postings) {
    const key = accountKeyText(p.account);
    keys.push(key);
    const current = balances.get(key) ?? start.get(key) ?? EMPTY;
    const next: BalanceState = p.bucket === 'available'
      ? { available: current.available + p.amountMinor, frozen: current.frozen }
      : { available: current.available, frozen: current.frozen + p.amountMinor };
    balances.set(key, next);
    after.push(next[p.bucket]);
  }
  for (let i = 0; i < postings.length; i += 1) {
    const state = balances.get(keys[i] as string);
    if (state && !mayGoNegative((postings[i] as PostingDraft).account) && (state.available < 0n || state.frozen < 0n)) return failure('WALLET.INSUFFICIENT_BALANCE');
  }
  return success({ balances, after });
}

/** A balance never booked; never changed in place (applyPostings makes new states). */
const EMPTY: BalanceState = Object.freeze({ available: 0n, frozen: 0n });

/** The correction of a journal: the same postings with the sign turned, under a new kind. */
export function reversalOf(postings: readonly PostingDraft[], kind: string): PostingDraft[] {
  return postings.map((p) => ({ ...p, amountMinor: -p.amountMinor, kind }));
}
