import { useCallback } from 'preact/hooks';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { EarnOrder, EarnOrderStatus } from '../../../contract/api/invest.ts';
import { fetchDualOrders } from '../../api/dual.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { EarnOrderCard } from '../shared/earn-order-card.tsx';
import './dual.css';

const PATH = '/pages/dual/order';

/** My dual orders: held (both outcomes, when they settle) and settled (what was paid). */
export function DualOrderPage() {
  const { t } = useLingui();
  const status: EarnOrderStatus = new URLSearchParams(useSearch()).get('tab') === 'history' ? 'history' : 'open';
  const load = useCallback((page: number, limit: number) => fetchDualOrders(status, page, limit), [status]);
  const paged = usePaged(load, [status], 10);
  return (
    <div class="stack">
      <Tabs
        label={t`My dual orders`}
        value={status}
        onChange={(tab) => navigate(`${PATH}?tab=${tab}`, { replace: true })}
        tabs={[
          ['open', t`Holding`],
          ['history', t`Settled`],
        ]}
      />
      <PagedList paged={paged} label={t`My dual orders`} empty={status === 'open' ? t`No dual orders held` : t`No settled dual orders yet`}>
        {(o: EarnOrder) => <EarnOrderCard key={o.id} order={o} />}
      </PagedList>
    </div>
  );
}
