import { useLingui } from '@lingui/react/macro';
import { shiftDecimal } from '../../lib/decimal.ts';
import { divideDown } from '../../lib/decimal-units.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';

/** Tokens subscribed against the supply: a bar (full once oversubscribed) and the share in words. */
export function IeoProgress({ subscribed, supply, symbol }: { subscribed: string; supply: string; symbol: string }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const ratio = divideDown(subscribed, supply, 4) ?? '0';
  const percent = formatNumber(shiftDecimal(ratio, 2), { decimals: 2, locale: fmt.locale });
  const width = Math.min(100, Number(shiftDecimal(ratio, 2)));
  const sold = `${fmt.amount(subscribed)} / ${fmt.amount(supply)} ${symbol}`;
  return (
    <div class="ieo-progress">
      <div class="ieo-progress__bar" aria-hidden="true">
        <span style={{ width: `${width}%` }} />
      </div>
      <div class="ieo-progress__text">
        <span class="num">{sold}</span>
        <span class="num" data-testid="subscribed-share">{t`${percent}% subscribed`}</span>
      </div>
    </div>
  );
}
