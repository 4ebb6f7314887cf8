import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CopyAction, CopyMode, CopySkipReason, TraderSort } from '../../../contract/api/copytrade.ts';

/** The words the copy trading screens show for the contract's codes. */

export const SORT_LABELS: Record<TraderSort, MessageDescriptor> = {
  profit: msg`Total profit`,
  yield: msg`Yield`,
  accuracy: msg`Win rate`,
  followers: msg`Followers`,
};

export const MODE_LABELS: Record<CopyMode, MessageDescriptor> = {
  multiple: msg`Fixed multiple`,
  lots: msg`Fixed lots`,
};

export const SKIP_REASONS: Record<CopySkipReason, MessageDescriptor> = {
  insufficient_margin: msg`Not enough margin in your futures account`,
  below_min_lot: msg`The copy would be below the minimum lot`,
  budget_used: msg`Your copy budget is used up`,
  quota_full: msg`The trader's follower quota is full`,
  too_many_positions: msg`Too many open positions`,
  price_unavailable: msg`No price for the symbol`,
};

export const ACTION_LABELS: Record<CopyAction, MessageDescriptor> = {
  open: msg`Opened`,
  close: msg`Closed`,
  partial_close: msg`Partly closed`,
  stops: msg`Stops changed`,
  liquidation: msg`Liquidated`,
};

export const CLOSE_REASONS: Record<'manual' | 'tp' | 'sl' | 'liquidation', MessageDescriptor> = {
  manual: msg`Closed`,
  tp: msg`Take profit`,
  sl: msg`Stop loss`,
  liquidation: msg`Liquidation`,
};

export const SIDE_LABELS: Record<'long' | 'short', MessageDescriptor> = {
  long: msg`Long`,
  short: msg`Short`,
};

/** The codes a follow preview may name as its `problem`, in words (other codes show the generic line). */
export const PREVIEW_PROBLEMS: Partial<Record<string, MessageDescriptor>> = {
  'COPYTRADE.BUDGET_ABOVE_BALANCE': msg`The budget is more than your futures account holds. Transfer USDT in first.`,
  'COPYTRADE.QUOTA_FULL': msg`This trader takes no more followers now.`,
  'COPYTRADE.FOLLOW_SELF': msg`You cannot follow yourself.`,
  'COPYTRADE.ALREADY_FOLLOWING': msg`You already follow this trader.`,
  'COPYTRADE.NUMBER_INVALID': msg`Enter a valid multiple or number of lots.`,
  'COPYTRADE.BUDGET_INVALID': msg`Enter a valid budget.`,
};
