import { Trans, useLingui } from '@lingui/react/macro';
import type { ComponentChildren } from 'preact';
import type { DualProduct } from '../../../contract/api/dual.ts';
import type { InvestProduct } from '../../../contract/api/invest.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { EARN_DIRECTIONS, ratePercent } from './earn-labels.ts';
import './earn.css';

type RowProps = { href: string; testId: string; coin: string; name: ComponentChildren; sub: ComponentChildren; annualRate: string };

/** One earn product in a list: the coin, its name and terms, and the annual rate on the right. */
function EarnProductRow({ href, testId, coin, name, sub, annualRate }: RowProps) {
  return (
    <a class="earn-product" href={href} data-testid={testId}>
      <CoinIcon symbol={coin} />
      <span class="earn-product__main">
        <span class="earn-product__name">{name}</span>
        <span class="earn-product__sub">{sub}</span>
      </span>
      <span class="earn-product__rate">
        <strong class="num">{ratePercent(annualRate)}</strong>
        <span>
          <Trans>Annual rate</Trans>
        </span>
      </span>
    </a>
  );
}

/** An invest product: linked price, term and remaining shares. */
export function InvestProductRow({ product }: { product: InvestProduct }) {
  const days = product.days;
  const linked = product.linked_price;
  const left = product.remaining_shares;
  return (
    <EarnProductRow
      href={`#/pages/invest/purchase?id=${product.id}`}
      testId={`invest-product-${product.id}`}
      coin={product.coin}
      name={product.name}
      annualRate={product.annual_rate}
      sub={
        <Trans>
          Linked {linked} · {days} days · {left} shares left
        </Trans>
      }
    />
  );
}

/** A dual product: pair, direction, target price, term and the deposit coin. */
export function DualProductRow({ product }: { product: DualProduct }) {
  const { i18n } = useLingui();
  const days = product.days;
  const target = product.target_price;
  const deposit = product.deposit_currency;
  return (
    <EarnProductRow
      href={`#/pages/dual/buy?id=${product.id}`}
      testId={`dual-product-${product.id}`}
      coin={product.coin}
      name={`${product.coin}/${product.quote} · ${i18n._(EARN_DIRECTIONS[product.direction])}`}
      annualRate={product.annual_rate}
      sub={
        <Trans>
          Target {target} · {days} days · deposit {deposit}
        </Trans>
      }
    />
  );
}
