import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { EarnCondition, EarnDirection, EarnOrderState } from '../../../contract/api/invest.ts';
import { shiftDecimal, trimDecimal } from '../../lib/decimal.ts';

/** Words the invest and dual screens share (the finance tab, invest, dual). */

export const EARN_STATES: Record<EarnOrderState, MessageDescriptor> = {
  purchased: msg`Purchased`,
  settling: msg`Settling`,
  completed: msg`Completed`,
  failed: msg`Failed, retrying`,
};

export const EARN_DIRECTIONS: Record<EarnDirection, MessageDescriptor> = {
  sell_high: msg`Sell high`,
  buy_low: msg`Buy low`,
};

/** "If the settlement price is below 62000". */
export function conditionText(i18n: I18n, when: EarnCondition, price: string): string {
  if (when === 'below') return i18n._(msg`If the settlement price is below ${price}`);
  if (when === 'at_or_below') return i18n._(msg`If the settlement price is at or below ${price}`);
  if (when === 'at_or_above') return i18n._(msg`If the settlement price is at or above ${price}`);
  return i18n._(msg`If the settlement price is above ${price}`);
}

/** An annual rate as a fraction ("0.12") in percent ("12%"), exactly. */
export const ratePercent = (rate: string): string => `${trimDecimal(shiftDecimal(rate, 2))}%`;
