import { useCallback } from 'preact/hooks';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { LeverAccount, FuturesPosition, FuturesTradeStatus } from '../../../contract/api/contracts.ts';
import { fetchMyTrades } from '../../api/futures.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { FuturesOrderRow } from './futures-order-row.tsx';
import '../shared/market.css';
import '../shared/trading.css';
import '../shared/derivatives.css';
import './futures.css';

const PATH = '/pages/transaction/contract_order';
const PAGE_SIZE = 20;

type Scope = 'all' | 'coin' | 'stock';
const ACCOUNT_OF: Record<Scope, LeverAccount | undefined> = { all: undefined, coin: 'lever', stock: 'stock' };

/** Futures orders page by page: in progress (open and waiting) and completed (closed with PnL, fees and reason, or cancelled). */
export function FuturesOrderPage() {
  const { t } = useLingui();
  const query = new URLSearchParams(useSearch());
  const status: FuturesTradeStatus = query.get('tab') === 'completed' ? 'completed' : 'in_progress';
  const raw = query.get('category');
  const scope: Scope = raw === 'coin' || raw === 'stock' ? raw : 'all';
  const account = ACCOUNT_OF[scope];
  const load = useCallback((page: number, limit: number) => fetchMyTrades({ status, account, page, limit }), [status, account]);
  const paged = usePaged(load, [status, account], PAGE_SIZE);
  const go = (next: { tab?: FuturesTradeStatus; scope?: Scope }) => {
    const q = new URLSearchParams({ tab: next.tab ?? status });
    const s = next.scope ?? scope;
    if (s !== 'all') q.set('category', s);
    navigate(`${PATH}?${q.toString()}`, { replace: true });
  };
  return (
    <div class="stack">
      <Tabs
        label={t`Futures orders`}
        value={status}
        onChange={(tab) => go({ tab })}
        tabs={[
          ['in_progress', t`In progress`],
          ['completed', t`Completed`],
        ]}
      />
      <div class="chips" role="radiogroup" aria-label={t`Market`}>
        {(
          [
            ['all', t`All`],
            ['coin', t`Futures`],
            ['stock', t`Stocks`],
          ] as const
        ).map(([key, label]) => (
          <button key={key} type="button" role="radio" class="chip" aria-checked={scope === key} onClick={() => go({ scope: key })}>
            {label}
          </button>
        ))}
      </div>
      <PagedList paged={paged} label={status === 'completed' ? t`Completed orders` : t`Orders in progress`} empty={status === 'completed' ? t`No completed orders yet` : t`Nothing in progress`}>
        {(p: FuturesPosition) => <FuturesOrderRow key={p.id} position={p} />}
      </PagedList>
    </div>
  );
}
