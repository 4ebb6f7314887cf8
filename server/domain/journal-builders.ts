import type { FundAccount } from '../../contract/api/wallet.ts';
import { systemAccount, userAccount, type PostingDraft } from './ledger.ts';

/**
 * The postings of each money movement. Pure and small on purpose: these are what the ledger check and
 * the property tests hold the services to. Amounts are positive minor units; fees may be zero (then
 * no fee posting is made). Deposits land in, and withdrawals and user transfers leave from, the coin
 * account ('change', id 2); fiat top-ups land in the fiat account ('legal', id 1).
 */

export const COIN_ACCOUNT: FundAccount = 'change';
export const FIAT_ACCOUNT: FundAccount = 'legal';

/** Confirmed on chain: the user gains, custody (what the chain holds for us) mirrors it. */
export function depositPostings(userId: number, currencyId: number, amount: bigint, account: FundAccount = COIN_ACCOUNT): PostingDraft[] {
  return [
    { account: userAccount(userId, account, currencyId), bucket: 'available', amountMinor: amount, kind: 'deposit' },
    { account: systemAccount('custody', currencyId), bucket: 'available', amountMinor: -amount, kind: 'deposit' },
  ];
}

/** A withdrawal request freezes amount + fee until it is sent or rejected. */
export function withdrawRequestPostings(userId: number, currencyId: number, amount: bigint, fee: bigint): PostingDraft[] {
  const own = userAccount(userId, COIN_ACCOUNT, currencyId);
  const postings: PostingDraft[] = [{ account: own, bucket: 'available', amountMinor: -amount, kind: 'withdraw' }];
  if (fee > 0n) postings.push({ account: own, bucket: 'available', amountMinor: -fee, kind: 'withdraw_fee' });
  postings.push({ account: own, bucket: 'frozen', amountMinor: amount + fee, kind: 'withdraw' });
  return postings;
}

/** Sent on chain: the frozen amount leaves custody, the fee becomes the platform's. */
export function withdrawSendPostings(userId: number, currencyId: number, amount: bigint, fee: bigint): PostingDraft[] {
  const postings: PostingDraft[] = [
    { account: userAccount(userId, COIN_ACCOUNT, currencyId), bucket: 'frozen', amountMinor: -(amount + fee), kind: 'withdraw_sent' },
    { account: systemAccount('custody', currencyId), bucket: 'available', amountMinor: amount, kind: 'withdraw_sent' },
  ];
  if (fee > 0n) postings.push({ account: systemAccount('fees', currencyId), bucket: 'available', amountMinor: fee, kind: 'withdraw_fee' });
  return postings;
}

/** Between two of one user's own fund accounts. */
export function accountChangePostings(userId: number, currencyId: number, amount: bigint, from: FundAccount, to: FundAccount): PostingDraft[] {
  return [
    { account: userAccount(userId, from, currencyId), bucket: 'available', amountMinor: -amount, kind: 'transfer_out' },
    { account: userAccount(userId, to, currencyId), bucket: 'available', amountMinor: amount, kind: 'transfer_in' },
  ];
}

/** To another user: the sender pays `amount`, the receiver gets amount - fee, the fee account the rest. */
export function userTransferPostings(fromUserId: number, toUserId: number, currencyId: number, amount: bigint, fee: bigint): PostingDraft[] {
  const postings: PostingDraft[] = [
    { account: userAccount(fromUserId, COIN_ACCOUNT, currencyId), bucket: 'available', amountMinor: -amount, kind: 'user_transfer_out' },
    { account: userAccount(toUserId, COIN_ACCOUNT, currencyId), bucket: 'available', amountMinor: amount - fee, kind: 'user_transfer_in' },
  ];
  if (fee > 0n) postings.push({ account: systemAccount('fees', currencyId), bucket: 'available', amountMinor: fee, kind: 'user_transfer_fee' });
  return postings;
}

export interface ExchangeLegs {
  userId: number;
  account: FundAccount;
  fromCurrencyId: number;
  toCurrencyId: number;
  /** What the user gives, in `from` minor units. */
  amount: bigint;
  /** What the house gives at the reference price before the fee, in `to` minor units. */
  gross: bigint;
  /** Taken from `gross` for the fee account, in `to` minor units. */
  fee: bigint;
}

/** Against the house at the reference price: each currency balances on its own. */
export function exchangePostings(x: ExchangeLegs): PostingDraft[] {
  const postings: PostingDraft[] = [
    { account: userAccount(x.userId, x.account, x.fromCurrencyId), bucket: 'available', amountMinor: -x.amount, kind: 'exchange_out' },
    { account: systemAccount('house', x.fromCurrencyId), bucket: 'available', amountMinor: x.amount, kind: 'exchange_out' },
    { account: systemAccount('house', x.toCurrencyId), bucket: 'available', amountMinor: -x.gross, kind: 'exchange_in' },
    { account: userAccount(x.userId, x.account, x.toCurrencyId), bucket: 'available', amountMinor: x.gross, kind: 'exchange_in' },
  ];
  if (x.fee > 0n) {
    postings.push(
      { account: userAccount(x.userId, x.account, x.toCurrencyId), bucket: 'available', amountMinor: -x.fee, kind: 'exchange_fee' },
      { account: systemAccount('fees', x.toCurrencyId), bucket: 'available', amountMinor: x.fee, kind: 'exchange_fee' },
    );
  }
  return postings;
}
