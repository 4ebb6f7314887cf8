import { useCallback } from 'preact/hooks';
import { useLingui } from '@lingui/react/macro';
import type { IeoSubscription } from '../../../contract/api/ieo.ts';
import { fetchMySubscriptions } from '../../api/ieo.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { IeoSubscriptionRow } from './ieo-subscription-row.tsx';
import './ieo.css';

const PAGE_SIZE = 10;

/** The user's subscriptions (section 2 /pages/ieo/order), newest first, page by page; offline, the last copy with its time. */
export function IeoOrderPage() {
  const { t } = useLingui();
  const load = useCallback((page: number, limit: number) => fetchMySubscriptions(page, limit), []);
  const paged = usePaged(load, [], PAGE_SIZE);
  return (
    <div class="stack ieo">
      <PagedList paged={paged} label={t`My subscriptions`} empty={t`You have not subscribed to any sale yet`}>
        {(s: IeoSubscription) => <IeoSubscriptionRow key={s.id} sub={s} />}
      </PagedList>
    </div>
  );
}
