import { Trans, useLingui } from '@lingui/react/macro';
import type { LockProduct } from '../../../contract/api/lockming.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';

/** The terms the list and the lock form both state, as rows of the caller's `facts` list: the single amount's limits and the dividend time. */
export function LockTermFacts({ product: p }: { product: LockProduct }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const coin = p.currency;
  const min = `${fmt.amount(p.min_amount)} ${coin}`;
  const max = p.max_amount === null ? t`No limit` : `${fmt.amount(p.max_amount)} ${coin}`;
  const time = p.dividend_time;
  return (
    <>
      <div>
        <dt>
          <Trans>Single amount</Trans>
        </dt>
        <dd class="num">
          {min} – {max}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Dividend time</Trans>
        </dt>
        <dd class="num">{t`Daily at ${time} UTC`}</dd>
      </div>
    </>
  );
}
