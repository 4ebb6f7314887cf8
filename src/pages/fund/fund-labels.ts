import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { DepositState, FundAccount, WithdrawalState } from '../../../contract/api/wallet.ts';
import type { AmountProblem } from '../../lib/money.ts';

/** Names of the fund accounts of section 3. */
export const ACCOUNT_LABELS: Record<FundAccount, MessageDescriptor> = {
  legal: msg`Fiat account`,
  change: msg`Spot account`,
  lever: msg`Futures account`,
  micro: msg`Options account`,
  stock: msg`Stock account`,
  margin: msg`Margin account`,
  mining: msg`Mining account`,
  financial: msg`Finance account`,
  deposit: msg`Savings account`,
};

/** What moved a balance, as BillEntry.kind names it; anything else shows as "Other". */
const BILL_KINDS: Record<string, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdraw: msg`Withdrawal`,
  withdraw_fee: msg`Withdrawal fee`,
  withdraw_sent: msg`Withdrawal sent`,
  withdraw_reject: msg`Withdrawal returned`,
  withdraw_refund: msg`Withdrawal returned`,
  transfer_in: msg`Transfer in`,
  transfer_out: msg`Transfer out`,
  user_transfer_in: msg`Received from a user`,
  user_transfer_out: msg`Sent to a user`,
  user_transfer_fee: msg`Transfer fee`,
  transfer_fee: msg`Transfer fee`,
  exchange: msg`Exchange`,
  exchange_in: msg`Exchange`,
  exchange_out: msg`Exchange`,
  exchange_fee: msg`Exchange fee`,
  fee: msg`Fee`,
};

export function billKindLabel(i18n: I18n, kind: string): string {
  return i18n._(BILL_KINDS[kind] ?? msg`Other`);
}

export const WITHDRAWAL_STATES: Record<WithdrawalState, MessageDescriptor> = {
  pending: msg`Pending review`,
  approved: msg`Approved`,
  sent: msg`Sent`,
  rejected: msg`Rejected`,
};

export const DEPOSIT_STATES: Record<DepositState, MessageDescriptor> = {
  confirming: msg`Confirming`,
  credited: msg`Credited`,
};

/** The messages of sections 5 and 8 for an amount that cannot be sent. */
export function amountProblemText(i18n: I18n, problem: AmountProblem, min: string, currency: string): string {
  if (problem === 'insufficient') return i18n._(msg`Insufficient balance`);
  if (problem === 'below_min') return i18n._(msg`The minimum amount is ${min} ${currency}`);
  return i18n._(msg`Please enter the correct amount`);
}
