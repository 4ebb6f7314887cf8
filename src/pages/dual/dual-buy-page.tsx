import { useState } from 'preact/hooks';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DualProduct } from '../../../contract/api/dual.ts';
import { buyDualAction, fetchDualPreview, fetchDualProduct } from '../../api/dual.ts';
import { compareDecimal, isDecimalString } from '../../lib/decimal.ts';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { EarnBuyForm } from '../shared/earn-buy-form.tsx';
import { EARN_DIRECTIONS, ratePercent } from '../shared/earn-labels.ts';
import './dual.css';

/** Subscribing to a dual product: its terms, the amount, both outcomes, then confirm. */
export function DualBuyPage() {
  const { t } = useLingui();
  const raw = new URLSearchParams(useSearch()).get('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const product = useResource(() => (id === null ? Promise.reject(new Error('no product')) : fetchDualProduct(id)), [id]);
  if (id === null) return <EmptyState text={t`This product does not exist`} />;
  return <ResourceView resource={product}>{({ data }) => <Buy product={data} />}</ResourceView>;
}

function Buy({ product }: { product: DualProduct }) {
  const { t, i18n } = useLingui();
  const [buy] = useState(buyDualAction);
  const min = product.min_amount;
  const left = product.remaining;
  const currency = product.deposit_currency;
  const check = (num: string): string | null => {
    const text = num.trim();
    if (text === '') return t`Please enter the amount`;
    if (!isDecimalString(text) || compareDecimal(text, '0') <= 0) return t`Please enter the correct amount`;
    if (compareDecimal(text, min) < 0) return t`The minimum amount is ${min} ${currency}`;
    if (compareDecimal(text, left) > 0) return t`Only ${left} ${currency} remain`;
    return null;
  };
  return (
    <div class="stack">
      <section class="card" aria-label={t`Terms`}>
        <div class="earn-order__head">
          <strong>
            {product.coin}/{product.quote} · {i18n._(EARN_DIRECTIONS[product.direction])}
          </strong>
          <span class="dual-rate num">{ratePercent(product.annual_rate)}</span>
        </div>
        <dl class="earn-facts">
          <div>
            <dt>
              <Trans>Target price</Trans>
            </dt>
            <dd class="num">
              {product.target_price} {product.quote}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Term</Trans>
            </dt>
            <dd class="num">
              <Trans>{product.days} days</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Settlement date</Trans>
            </dt>
            <dd class="num">{formatDate(product.maturity_at, 'yyyy-mm-dd hh:MM')}</dd>
          </div>
        </dl>
      </section>
      <EarnBuyForm
        label={t`Amount (${currency})`}
        currency={currency}
        inputMode="decimal"
        check={check}
        preview={(num) => fetchDualPreview(product.id, num)}
        buy={(num) => buy({ id: product.id, num })}
        ordersPath="/pages/dual/order"
        hints={<Trans>Minimum {min} {currency} · {left} {currency} left</Trans>}
      />
    </div>
  );
}
