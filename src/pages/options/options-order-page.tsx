import { useCallback } from 'preact/hooks';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { OptionListStatus, OptionOrder } from '../../../contract/api/contracts.ts';
import { fetchOptions } from '../../api/options.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { OptionsOrderRow } from './options-order-row.tsx';
import '../shared/market.css';
import '../shared/trading.css';
import '../shared/derivatives.css';
import './options.css';

const PATH = '/pages/transaction/seconds_order';
const PAGE_SIZE = 20;

/** Options page by page: in progress (with their countdowns) and settled (outcome and profit). */
export function OptionsOrderPage() {
  const { t } = useLingui();
  const status: OptionListStatus = new URLSearchParams(useSearch()).get('tab') === 'settled' ? 'settled' : 'in_progress';
  const load = useCallback((page: number, limit: number) => fetchOptions({ status, page, limit }), [status]);
  const paged = usePaged(load, [status], PAGE_SIZE);
  return (
    <div class="stack">
      <Tabs
        label={t`Options orders`}
        value={status}
        onChange={(tab) => navigate(`${PATH}?tab=${tab}`, { replace: true })}
        tabs={[
          ['in_progress', t`In progress`],
          ['settled', t`Settled`],
        ]}
      />
      <PagedList paged={paged} label={status === 'settled' ? t`Settled options` : t`Options in progress`} empty={status === 'settled' ? t`No settled options yet` : t`No options in progress`}>
        {(o: OptionOrder) => <OptionsOrderRow key={o.id} option={o} />}
      </PagedList>
    </div>
  );
}
