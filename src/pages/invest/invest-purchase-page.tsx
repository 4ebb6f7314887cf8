import { useState } from 'preact/hooks';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InvestProduct } from '../../../contract/api/invest.ts';
import { buyInvestAction, fetchInvestPreview, fetchInvestProduct } from '../../api/invest.ts';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { EarnBuyForm } from '../shared/earn-buy-form.tsx';
import { ratePercent } from '../shared/earn-labels.ts';
import './invest.css';

function productId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** Buying shares of an invest product: its terms, the count, both outcomes, then confirm. */
export function InvestPurchasePage() {
  const { t } = useLingui();
  const id = productId(useSearch());
  const product = useResource(() => (id === null ? Promise.reject(new Error('no product')) : fetchInvestProduct(id)), [id]);
  if (id === null) return <EmptyState text={t`This product does not exist`} />;
  return <ResourceView resource={product}>{({ data }) => <Purchase product={data} />}</ResourceView>;
}

function Purchase({ product }: { product: InvestProduct }) {
  const { t } = useLingui();
  const [buy] = useState(buyInvestAction);
  const min = product.min_shares;
  const left = product.remaining_shares;
  const price = product.share_price;
  const coin = product.coin;
  const maturity = formatDate(product.maturity_at, 'yyyy-mm-dd hh:MM');
  const check = (num: string): string | null => {
    const text = num.trim();
    if (text === '') return t`Please enter purchase quantity`;
    if (!/^\d+$/.test(text)) return t`Please enter an integer`;
    if (BigInt(text) < BigInt(min)) return t`The minimum purchase is ${min} shares`;
    if (BigInt(text) > BigInt(left)) return t`Only ${left} shares remain`;
    return null;
  };
  return (
    <div class="stack">
      <section class="card invest-terms" aria-label={product.name}>
        <div class="earn-order__head">
          <strong>{product.name}</strong>
          <span class="invest-terms__rate num">{ratePercent(product.annual_rate)}</span>
        </div>
        <dl class="earn-facts">
          <div>
            <dt>
              <Trans>Price per share</Trans>
            </dt>
            <dd class="num">
              {price} {coin}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Linked price</Trans>
            </dt>
            <dd class="num">
              {product.linked_price} {product.quote}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Holding days</Trans>
            </dt>
            <dd class="num">{product.days}</dd>
          </div>
          <div>
            <dt>
              <Trans>Maturity date</Trans>
            </dt>
            <dd class="num">{maturity}</dd>
          </div>
          <div>
            <dt>
              <Trans>Remaining shares</Trans>
            </dt>
            <dd class="num">
              {left} / {product.total_shares}
            </dd>
          </div>
        </dl>
        <a href="#/pages/invest/help">
          <Trans>How the payout is worked out</Trans>
        </a>
      </section>
      <EarnBuyForm
        label={t`Shares`}
        currency={coin}
        inputMode="numeric"
        check={check}
        preview={(num) => fetchInvestPreview(product.id, num)}
        buy={(num) => buy({ id: product.id, num })}
        ordersPath="/pages/invest/mine"
        hints={<Trans>Minimum purchase: {min} shares ({price} {coin} each)</Trans>}
      />
    </div>
  );
}
