import { compareDecimal, isDecimalString, multiplyDecimal, truncateDecimal } from '../../lib/decimal.ts';
import { checkAmount } from '../../lib/money.ts';

/** Why a stake cannot be placed, in the order the user should fix it. */
export type StakeProblem = 'invalid' | 'below_min' | 'above_max' | 'insufficient';

/** A stake is a positive amount with the currency's decimals, within the period's min and max, and not above the balance. */
export function stakeProblem(stake: string, limits: { decimals: number; min: string; max: string; available: string }): StakeProblem | null {
  const basic = checkAmount(stake, { decimals: limits.decimals, min: limits.min });
  if (basic) return basic === 'below_min' ? 'below_min' : 'invalid';
  if (isDecimalString(limits.max) && compareDecimal(limits.max, '0') > 0 && compareDecimal(stake, limits.max) > 0) return 'above_max';
  if (!isDecimalString(limits.available) || compareDecimal(stake, limits.available) > 0) return 'insufficient';
  return null;
}

/** What a win adds: stake x profit rate, cut to the currency's decimals (never promising more than is paid). */
export function expectedProfit(stake: string, profitRate: string, decimals: number): string {
  if (!isDecimalString(stake) || !isDecimalString(profitRate)) return '';
  return truncateDecimal(multiplyDecimal(stake, profitRate), decimals);
}
