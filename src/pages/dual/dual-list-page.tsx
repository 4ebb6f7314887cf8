import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EarnDirection } from '../../../contract/api/invest.ts';
import { fetchDualProducts } from '../../api/dual.ts';
import { navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { DualProductRow } from '../shared/earn-product-rows.tsx';
import './dual.css';

const PATH = '/pages/dual/index';

/** Dual products: "sell high" (deposit the coin) and "buy low" (deposit USDT), with target, term and rate. */
export function DualListPage() {
  const { t } = useLingui();
  const online = useStore($online);
  const direction: EarnDirection = new URLSearchParams(useSearch()).get('type') === 'buy_low' ? 'buy_low' : 'sell_high';
  const products = useResource(() => fetchDualProducts(direction), [direction]);
  return (
    <div class="stack">
      <Tabs
        label={t`Dual currency`}
        value={direction}
        onChange={(tab) => navigate(`${PATH}?type=${tab}`, { replace: true })}
        tabs={[
          ['sell_high', t`Sell high`],
          ['buy_low', t`Buy low`],
        ]}
      />
      <p class="dual-explain muted">
        {direction === 'sell_high' ? (
          <Trans>Deposit the coin. At or above the target price it is sold for USDT at the target; below it you get the coin back. Either way with interest.</Trans>
        ) : (
          <Trans>Deposit USDT. At or below the target price it buys the coin at the target; above it you get USDT back. Either way with interest.</Trans>
        )}
      </p>
      <ResourceView resource={products}>
        {({ data, asOf }) => (
          <>
            <AsOf asOf={asOf} online={online} />
            {data.data.length === 0 ? <EmptyState text={t`No products yet`} /> : <div class="list">{data.data.map((p) => <DualProductRow key={p.id} product={p} />)}</div>}
          </>
        )}
      </ResourceView>
      <a class="link-center" href="#/pages/dual/order">
        <Trans>My dual orders</Trans>
      </a>
    </div>
  );
}
