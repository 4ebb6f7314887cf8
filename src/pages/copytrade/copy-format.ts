import { absDecimal, compareDecimal, isDecimalString, roundDecimal, shiftDecimal } from '../../lib/decimal.ts';
import { formatNumber, formatPercent } from '../../lib/format-number.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';

/** "-0.0000" (a negative zero, which the decimal helpers refuse) as "0.0000"; anything else as it is. */
const unsignedZero = (value: string): string => (/^-0(?:\.0+)?$/.test(value) ? value.slice(1) : value);

/** A value as the screen shows it: USDT to 2 places, fractions (shown as percentages) to 4. */
const shown = (raw: string, places: number): string | null => {
  const value = unsignedZero(raw);
  return isDecimalString(value) ? roundDecimal(value, places) : null;
};

/**
 * Digits of a price when the pair's tick is not at hand (copies carry no tick size): average open
 * prices and marks come with 6 places, which read as noise on "2,928.042125"; a price keeps its own
 * digits up to 2 from 1,000 up, 4 from 1 up, 8 below.
 */
export function priceDecimals(value: string): number {
  const own = value.includes('.') ? value.slice(value.indexOf('.') + 1).replace(/0+$/, '').length : 0;
  const abs = absDecimal(value);
  const most = compareDecimal(abs, '1000') >= 0 ? 2 : compareDecimal(abs, '1') >= 0 ? 4 : 8;
  return Math.max(2, Math.min(own, most));
}

/** The copy screens' figures: fractions as percentages, PnL signed and coloured. */
export function useCopyFormat() {
  const fmt = usePriceFormat();
  const { locale } = fmt;
  return {
    ...fmt,
    /** A price of a copied or trader's position, rounded for reading (priceDecimals). */
    price: (raw: string) => (isDecimalString(raw) ? formatNumber(raw, { decimals: priceDecimals(raw), locale }) : '--'),
    /** A signed fraction ("0.1234") as "+12.34%". */
    yieldText: (raw: string) => {
      const fraction = unsignedZero(raw);
      return isDecimalString(fraction) ? formatPercent(shiftDecimal(fraction, 2), { locale }) : '--';
    },
    /** An unsigned fraction ("0.625") as "62.50%". */
    rateText: (raw: string) => {
      const fraction = unsignedZero(raw);
      return isDecimalString(fraction) ? `${formatNumber(shiftDecimal(fraction, 2), { decimals: 2, locale })}%` : '--';
    },
    /** USDT with its sign: "+12.30", "-4.00", "0.00". */
    signed: (raw: string) => {
      const value = shown(raw, 2);
      if (value === null) return '--';
      return (compareDecimal(value, '0') > 0 ? '+' : '') + formatNumber(value, { decimals: 2, locale });
    },
    usdt: (raw: string) => formatNumber(unsignedZero(raw), { decimals: 2, locale }),
  };
}

/**
 * The trend class of a figure: up above zero, down below, none at zero, judged on the value as shown
 * (`places`: 2 for USDT, 4 for a fraction shown as a percentage), so "-0.001" USDT is not a red 0.00.
 */
export const trendOf = (raw: string, places = 2): string => {
  const value = shown(raw, places);
  if (value === null) return '';
  const sign = compareDecimal(value, '0');
  return sign > 0 ? 'trend-up' : sign < 0 ? 'trend-down' : '';
};
