import { useCallback } from 'preact/hooks';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { OrderListStatus, SpotOrder } from '../../../contract/api/market.ts';
import { fetchOrders } from '../../api/spot.ts';
import { navigate } from '../../lib/hash-route.ts';
import { isSymbol } from '../../stores/recent-pairs.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { SpotOrderRow } from './spot-order-row.tsx';
import '../shared/market.css';
import '../shared/trading.css';
import './spot.css';

const PATH = '/pages/transaction/currency_order';

/** Spot orders: open ones (with cancel) and the history, page by page; ?symbol= narrows to one pair. */
export function SpotOrderPage() {
  const { t } = useLingui();
  const query = new URLSearchParams(useSearch());
  const status: OrderListStatus = query.get('tab') === 'history' ? 'history' : 'open';
  const symbolParam = query.get('symbol') ?? '';
  const symbol = isSymbol(symbolParam) ? symbolParam : undefined;
  const load = useCallback((page: number, limit: number) => fetchOrders({ status, symbol, page, limit }), [status, symbol]);
  const paged = usePaged(load, [status, symbol], 20);
  const setStatus = (next: OrderListStatus) => navigate(`${PATH}?tab=${next}${symbol ? `&symbol=${symbol}` : ''}`, { replace: true });
  const onCancelled = (_order: SpotOrder) => paged.reload();
  return (
    <div class="stack">
      <Tabs
        label={t`Orders`}
        value={status}
        onChange={setStatus}
        tabs={[
          ['open', t`Open orders`],
          ['history', t`Order history`],
        ]}
      />
      {symbol && (
        <div class="order-filter">
          <span class="chip" aria-selected="true">
            {symbol}
          </span>
          <a class="link-btn" href={`#${PATH}?tab=${status}`}>
            {t`All pairs`}
          </a>
        </div>
      )}
      <PagedList paged={paged} label={status === 'open' ? t`Open orders` : t`Order history`} empty={status === 'open' ? t`No open orders` : t`No orders yet`}>
        {(order: SpotOrder) => <SpotOrderRow key={order.id} order={order} onCancelled={onCancelled} />}
      </PagedList>
    </div>
  );
}
