import { compareDecimal, isDecimalString } from '../../lib/decimal.ts';

/** For a "+" in front of gains: true when `value` is a decimal above zero. */
export const isPositive = (value: string | null | undefined): boolean => isDecimalString(value) && compareDecimal(value, '0') > 0;
