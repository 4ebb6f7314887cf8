import { isDecimalString, shiftDecimal, trimDecimal } from '../../lib/decimal.ts';
import { fractionDigits } from '../../lib/decimal-units.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { usePriceFormat } from './use-price-format.ts';

/** A rate such as "0.15" as percent text without trailing zeros ("15"), for fees and profit rates. */
const rateToPercent = (fraction: string): string => (isDecimalString(fraction) ? trimDecimal(shiftDecimal(fraction, 2)) : '');

/** A rate ("0.0005", "0.15") as a percentage in the reader's locale, with its own digits: "0.05%", "15%", "0,05%". */
export function useRateText(): (fraction: string) => string {
  const { locale } = usePriceFormat();
  return (fraction) => {
    const percent = rateToPercent(fraction);
    return percent === '' ? '--' : `${formatNumber(percent, { decimals: fractionDigits(percent), locale })}%`;
  };
}
