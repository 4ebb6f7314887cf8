import { useCallback } from 'preact/hooks';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { EarnOrder, EarnOrderStatus } from '../../../contract/api/invest.ts';
import { fetchInvestOrders } from '../../api/invest.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { EarnOrderCard } from '../shared/earn-order-card.tsx';
import './invest.css';

const PATH = '/pages/invest/mine';
const PAGE_SIZE = 10;

/** My investments: held (with both outcomes and when they settle) and settled (what was paid). */
export function InvestMinePage() {
  const { t } = useLingui();
  const status: EarnOrderStatus = new URLSearchParams(useSearch()).get('tab') === 'history' ? 'history' : 'open';
  const load = useCallback((page: number, limit: number) => fetchInvestOrders(status, page, limit), [status]);
  const paged = usePaged(load, [status], PAGE_SIZE);
  return (
    <div class="stack">
      <Tabs
        label={t`My investments`}
        value={status}
        onChange={(tab) => navigate(`${PATH}?tab=${tab}`, { replace: true })}
        tabs={[
          ['open', t`Holding`],
          ['history', t`Settled`],
        ]}
      />
      <PagedList paged={paged} label={t`My investments`} empty={status === 'open' ? t`No investments held` : t`No settled investments yet`}>
        {(o: EarnOrder) => <EarnOrderCard key={o.id} order={o} />}
      </PagedList>
    </div>
  );
}
