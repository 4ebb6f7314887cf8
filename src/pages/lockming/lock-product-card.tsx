import { Trans, useLingui } from '@lingui/react/macro';
import type { LockProduct } from '../../../contract/api/lockming.ts';
import { useRateText } from '../shared/use-rate-text.ts';
import { LockProductHead } from './lock-product-head.tsx';
import { LockTermFacts } from './lock-term-facts.tsx';

/** A product in the list: coin, daily yield, lock period, limits, dividend time and penalty, and the way in. */
export function LockProductCard({ product: p }: { product: LockProduct }) {
  const { t } = useLingui();
  const rate = useRateText();
  const days = p.lock_days;
  const coin = p.currency;
  const penalty = rate(p.penalty_rate);
  return (
    <article class="card lock-product" data-product={p.id} aria-label={t`${coin}, ${days} days`}>
      <LockProductHead product={p}>
        {p.status === 'paused' && (
          <span class="badge badge--wait">
            <Trans>Paused</Trans>
          </span>
        )}
      </LockProductHead>
      <div class="lock-product__rate">
        <strong class="num trend-up">{rate(p.daily_yield)}</strong>
        <span class="muted">
          <Trans>Daily yield</Trans>
        </span>
      </div>
      <dl class="facts">
        <LockTermFacts product={p} />
        <div>
          <dt>
            <Trans>Early redemption penalty</Trans>
          </dt>
          <dd class="num">{t`${penalty} per remaining day`}</dd>
        </div>
      </dl>
      {p.purchasable ? (
        <a class="btn btn--primary btn--block" href={`#/pages/lockming/buy?id=${p.id}`}>
          <Trans>Lock now</Trans>
        </a>
      ) : (
        <button type="button" class="btn btn--ghost btn--block" disabled>
          <Trans>Not available now</Trans>
        </button>
      )}
    </article>
  );
}
