import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LockOrder } from '../../../contract/api/lockming.ts';
import { ApiError } from '../../api/client.ts';
import { fetchLockProducts } from '../../api/lockming.ts';
import { navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { LockForm } from './lock-form.tsx';
import './lock.css';

/** A positive whole number from the query (`?id=3`), or null. */
function idOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** Locking an amount into one product (`?id=<config_id>`): its terms, the mining balance, the preview and a confirmation. */
export function LockBuyPage() {
  const { t } = useLingui();
  const online = useStore($online);
  const id = idOf(useSearch());
  const product = useResource(
    () => (id === null ? Promise.resolve(null) : fetchLockProducts({ id }).catch((e: unknown) => (e instanceof ApiError && e.code === 'LOCKMING.PRODUCT_NOT_FOUND' ? null : Promise.reject(e)))),
    [id],
  );
  const locked = (order: LockOrder) => {
    const amount = order.amount;
    const coin = order.currency;
    showToast(t`Locked ${amount} ${coin}`, 'success');
    navigate('/pages/lockming/order');
  };
  return (
    <div class="stack lock-page">
      <ResourceView resource={product}>
        {(answer) =>
          answer?.data[0] ? (
            <>
              <AsOf asOf={answer.asOf} online={online} />
              <LockForm product={answer.data[0]} onLocked={locked} onChanged={product.reload} />
            </>
          ) : (
            <EmptyState text={t`This product is not available`}>
              <a class="btn btn--primary" href="#/pages/lockming/lockming">
                <Trans>See the products</Trans>
              </a>
            </EmptyState>
          )
        }
      </ResourceView>
    </div>
  );
}
