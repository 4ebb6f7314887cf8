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
  ieo_subscribe: msg`IEO subscription`, ieo_payment: msg`IEO payment`, ieo_refund: msg`IEO refund`, ieo_tokens: msg`IEO tokens received`,
  invest_buy: msg`Invest purchase`,
  invest_settle: msg`Invest settlement`,
  dual_buy: msg`Dual purchase`,
  dual_settle: msg`Dual settlement`,
  lockming_lock: msg`Mining lock`,
  lockming_dividend: msg`Mining dividend`,
  lockming_maturity: msg`Mining matured`,
  lockming_redeem: msg`Mining redeemed`,
  lockming_penalty: msg`Mining penalty`,
  // Copies are futures positions: a follower's copy books these kinds too, then the profit share.
  lever_margin: msg`Margin`,
  lever_margin_release: msg`Margin`,
  lever_profit: msg`Realised PnL`,
  lever_loss: msg`Realised PnL`,
  lever_fee: msg`Fee`,
  lever_hold: msg`Order hold`,
  lever_hold_release: msg`Order hold returned`,
  lever_overnight: msg`Overnight fee`,
  copytrade_share: msg`Profit share`,
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
