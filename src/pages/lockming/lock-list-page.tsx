import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCK_CATEGORIES } from '../../../contract/api/lockming.ts';
import { fetchLockProducts } from '../../api/lockming.ts';
import { navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { CATEGORY_LABELS, categoryOf } from './lock-labels.ts';
import { LockProductCard } from './lock-product-card.tsx';
import './lock.css';

const PATH = '/pages/lockming/lockming';

/**
 * The products of one category (`?type=lock|defi|cloud`: the home menu's lock, DeFi and cloud
 * mining), each with its terms and the way into a lock. Offline it shows the list read before, with
 * the time it was current.
 */
export function LockListPage() {
  const { t, i18n } = useLingui();
  const online = useStore($online);
  const category = categoryOf(new URLSearchParams(useSearch()).get('type'));
  const products = useResource(() => fetchLockProducts({ type: category }), [category]);
  return (
    <div class="stack lock-page">
      <Tabs
        label={t`Mining products`}
        value={category}
        onChange={(type) => navigate(`${PATH}?type=${type}`, { replace: true })}
        tabs={LOCK_CATEGORIES.map((c) => [c, i18n._(CATEGORY_LABELS[c])] as [typeof c, string])}
      />
      <nav class="lock-links">
        <a href={`#/pages/lockming/welcome?type=${category}`}>
          <Trans>How it works</Trans>
        </a>
        <a href="#/pages/lockming/order">
          <Trans>My orders</Trans>
        </a>
      </nav>
      <ResourceView resource={products}>
        {({ data, asOf }) => (
          <>
            <AsOf asOf={asOf} online={online} />
            {data.length === 0 ? (
              <EmptyState text={t`No products in this category yet`} />
            ) : (
              <div class="lock-products">
                {data.map((p) => (
                  <LockProductCard key={p.id} product={p} />
                ))}
              </div>
            )}
          </>
        )}
      </ResourceView>
    </div>
  );
}
