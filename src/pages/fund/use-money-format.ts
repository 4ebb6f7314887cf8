import { useMemo } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { formatNumber } from '../../lib/format-number.ts';
import { displayDecimals, fiatFormat, usdtToFiat } from '../../lib/money.ts';
import { $fiat } from '../../stores/fiat.ts';
import { $localeTag } from '../../stores/lang.ts';

/**
 * Formatters bound to the reader's locale and chosen fiat: every figure stays a decimal string. The
 * same object until either changes, so memoised rows that take it skip their render.
 */
export function useMoneyFormat() {
  const tag = useStore($localeTag);
  const fiat = useStore($fiat);
  return useMemo(() => moneyFormat(tag, fiat), [tag, fiat]);
}

function moneyFormat(tag: string, fiat: ReturnType<typeof $fiat.get>) {
  const { symbol, decimals } = fiatFormat(fiat.currency_code, tag);
  return {
    tag,
    fiatCode: fiat.currency_code,
    fiatSymbol: symbol,
    /** A coin amount with as many digits as it has (2 to 8). */
    amount: (value: string, digits?: number) => formatNumber(value, { decimals: digits ?? displayDecimals(value), locale: tag }),
    /** A USDT valuation in the chosen fiat, with its symbol: "≈ ¥7,123.40" is built by the caller. */
    fiat: (usdt: string) => `${symbol}${formatNumber(usdtToFiat(usdt, fiat.rate, decimals), { decimals, locale: tag })}`,
  };
}
