import { systemAccount, userAccount, type PostingDraft } from '../../domain/ledger.ts';

/**
 * Lock mining's postings, each set one journal whose kind names it in the user's bills. Principal
 * sits frozen in the user's `mining` account while locked; dividends are paid by the house, which
 * also receives early-redemption penalties (as it pays option wins and takes their losses).
 */

export const LOCK_ACCOUNT = 'mining' as const;

/** Journal and posting kinds; the app's bills name each (src/pages/fund/fund-labels.ts). */
export const LOCK_KINDS = {
  lock: 'lockming_lock',
  dividend: 'lockming_dividend',
  maturity: 'lockming_maturity',
  redeem: 'lockming_redeem',
  penalty: 'lockming_penalty',
} as const;

/** The journals' ref_type: ref_id is the order's id. */
export const LOCK_REF = 'lockming_order';

/** mining: available -> frozen. */
export function lockPostings(userId: number, currencyId: number, principalMinor: bigint): PostingDraft[] {
  const own = userAccount(userId, LOCK_ACCOUNT, currencyId);
  return [
    { account: own, bucket: 'available', amountMinor: -principalMinor, kind: LOCK_KINDS.lock },
    { account: own, bucket: 'frozen', amountMinor: principalMinor, kind: LOCK_KINDS.lock },
  ];
}

/** house -> mining: available. */
export function dividendPostings(userId: number, currencyId: number, dividendMinor: bigint): PostingDraft[] {
  return [
    { account: systemAccount('house', currencyId), bucket: 'available', amountMinor: -dividendMinor, kind: LOCK_KINDS.dividend },
    { account: userAccount(userId, LOCK_ACCOUNT, currencyId), bucket: 'available', amountMinor: dividendMinor, kind: LOCK_KINDS.dividend },
  ];
}

/** mining: frozen -> available, the whole principal; `kind` maturity or early redemption. */
export function releasePostings(userId: number, currencyId: number, principalMinor: bigint, kind: typeof LOCK_KINDS.maturity | typeof LOCK_KINDS.redeem): PostingDraft[] {
  const own = userAccount(userId, LOCK_ACCOUNT, currencyId);
  return [
    { account: own, bucket: 'frozen', amountMinor: -principalMinor, kind },
    { account: own, bucket: 'available', amountMinor: principalMinor, kind },
  ];
}

/** mining: available -> house, after the principal came back. */
export function penaltyPostings(userId: number, currencyId: number, penaltyMinor: bigint): PostingDraft[] {
  return [
    { account: userAccount(userId, LOCK_ACCOUNT, currencyId), bucket: 'available', amountMinor: -penaltyMinor, kind: LOCK_KINDS.penalty },
    { account: systemAccount('house', currencyId), bucket: 'available', amountMinor: penaltyMinor, kind: LOCK_KINDS.penalty },
  ];
}
