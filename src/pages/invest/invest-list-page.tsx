import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchInvestProducts } from '../../api/invest.ts';
import { $online } from '../../stores/network.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { InvestProductRow } from '../shared/earn-product-rows.tsx';
import './invest.css';

const COINS = ['BTC', 'ETH'] as const;

/** Invest products, filterable by coin, with links to my investments and how they settle. */
export function InvestListPage() {
  const { t } = useLingui();
  const online = useStore($online);
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const products = useResource(() => fetchInvestProducts(coin), [coin]);
  return (
    <div class="stack">
      <nav class="invest-links">
        <a href="#/pages/invest/mine">
          <Trans>My investments</Trans>
        </a>
        <a href="#/pages/invest/help">
          <Trans>How it settles</Trans>
        </a>
      </nav>
      <div class="chips" role="radiogroup" aria-label={t`Coin`}>
        <button type="button" class="chip" role="radio" aria-checked={coin === undefined} onClick={() => setCoin(undefined)}>
          <Trans>All</Trans>
        </button>
        {COINS.map((c) => (
          <button key={c} type="button" class="chip" role="radio" aria-checked={coin === c} onClick={() => setCoin(c)}>
            {c}
          </button>
        ))}
      </div>
      <ResourceView resource={products}>
        {({ data, asOf }) => (
          <>
            <AsOf asOf={asOf} online={online} />
            {data.data.length === 0 ? (
              <EmptyState text={t`No products for this coin yet`} />
            ) : (
              <div class="list">{data.data.map((p) => <InvestProductRow key={p.id} product={p} />)}</div>
            )}
          </>
        )}
      </ResourceView>
    </div>
  );
}
