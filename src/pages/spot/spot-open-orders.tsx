import { Trans, useLingui } from '@lingui/react/macro';
import type { SpotOrder } from '../../../contract/api/market.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { SpotOrderRow } from './spot-order-row.tsx';

/** The pair's open orders (live from the private channel), each with cancel. */
export function SpotOpenOrders({ orders, signedIn, loginHref, onCancelled }: { orders: SpotOrder[] | null; signedIn: boolean; loginHref: string; onCancelled: (order: SpotOrder) => void }) {
  const { t } = useLingui();
  if (!signedIn) {
    return (
      <EmptyState text={t`Log in to see your orders.`}>
        <a class="btn btn--primary" href={loginHref}>
          <Trans>Log in</Trans>
        </a>
      </EmptyState>
    );
  }
  if (orders === null) return <PageLoading />;
  if (orders.length === 0) return <EmptyState text={t`No open orders`} />;
  return (
    <ul class="order-list" aria-label={t`Open orders`} data-testid="open-orders">
      {orders.map((order) => (
        <SpotOrderRow key={order.id} order={order} onCancelled={onCancelled} />
      ))}
    </ul>
  );
}
