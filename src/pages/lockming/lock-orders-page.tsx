import { useCallback, useState } from 'preact/hooks';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { LockOrder, LockOrderStatus } from '../../../contract/api/lockming.ts';
import { fetchLockOrders } from '../../api/lockming.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { LockOrderRow } from './lock-order-row.tsx';
import { LockRedeemDialog } from './lock-redeem-dialog.tsx';
import './lock.css';

const PATH = '/pages/lockming/order';
const PAGE_SIZE = 20;

/**
 * The user's lock orders page by page: in progress (dividends so far, the next one, maturity, early
 * redemption with its penalty shown first) and redeemed (matured or early). Offline the pages read
 * before show, with the time they were current.
 */
export function LockOrdersPage() {
  const { t } = useLingui();
  const status: LockOrderStatus = new URLSearchParams(useSearch()).get('tab') === 'redeemed' ? 'redeemed' : 'in_progress';
  const load = useCallback((page: number, limit: number) => fetchLockOrders({ status, page, limit }), [status]);
  const paged = usePaged(load, [status], PAGE_SIZE);
  const [redeeming, setRedeeming] = useState<LockOrder | null>(null);
  return (
    <div class="stack lock-page">
      <Tabs
        label={t`Mining orders`}
        value={status}
        onChange={(tab) => navigate(`${PATH}?tab=${tab}`, { replace: true })}
        tabs={[
          ['in_progress', t`In progress`],
          ['redeemed', t`Redeemed`],
        ]}
      />
      <PagedList paged={paged} label={status === 'redeemed' ? t`Redeemed orders` : t`Orders in progress`} empty={status === 'redeemed' ? t`No redeemed orders yet` : t`No orders in progress`}>
        {(o: LockOrder) => <LockOrderRow key={o.id} order={o} online={paged.online} onRedeem={setRedeeming} />}
      </PagedList>
      {redeeming && (
        <LockRedeemDialog
          order={redeeming}
          onClose={() => setRedeeming(null)}
          onRedeemed={() => {
            setRedeeming(null);
            paged.reload();
          }}
        />
      )}
    </div>
  );
}
