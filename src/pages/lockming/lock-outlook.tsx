import { Trans } from '@lingui/react/macro';
import type { LockPreview } from '../../../contract/api/lockming.ts';
import { formatDate } from '../../lib/format-date.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';

/** What a lock brings, as the server previews it: the daily dividend, the first one, maturity and the totals. */
export function LockOutlook({ preview: v }: { preview: LockPreview }) {
  const fmt = usePriceFormat();
  const coin = v.currency;
  const when = (iso: string) => formatDate(iso, 'yyyy-mm-dd hh:MM');
  return (
    <dl class="facts lock-outlook" data-testid="lock-outlook">
      <div>
        <dt>
          <Trans>Daily dividend</Trans>
        </dt>
        <dd class="num trend-up" data-field="daily-dividend">
          {fmt.amount(v.daily_dividend)} {coin}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>First dividend</Trans>
        </dt>
        <dd class="num">{when(v.first_dividend_at)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Matures (amount returned)</Trans>
        </dt>
        <dd class="num">{when(v.matures_at)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Total dividends</Trans>
        </dt>
        <dd class="num">
          {fmt.amount(v.total_dividends)} {coin}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Total at maturity</Trans>
        </dt>
        <dd class="num" data-field="total-at-maturity">
          {fmt.amount(v.total_at_maturity)} {coin}
        </dd>
      </div>
    </dl>
  );
}
