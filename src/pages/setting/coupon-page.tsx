import { useState } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Tabs } from '../../ui/tabs.tsx';

type Tab = 'available' | 'used' | 'expired';

/**
 * The coupon centre. No coupon is issued yet (there is no coupon service), so every tab is honestly
 * empty rather than showing samples.
 */
export function CouponPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('available');
  const empty: Record<Tab, string> = {
    available: t`No coupons yet. Coupons from events and rewards will appear here.`,
    used: t`No used coupons`,
    expired: t`No expired coupons`,
  };
  return (
    <div class="stack">
      <Tabs
        label={t`Coupons`}
        tabs={[
          ['available', t`Available`],
          ['used', t`Used`],
          ['expired', t`Expired`],
        ]}
        value={tab}
        onChange={setTab}
      />
      <EmptyState text={empty[tab]} />
    </div>
  );
}
