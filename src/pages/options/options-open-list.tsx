import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import type { OptionsLive } from './options-live.ts';
import { OptionsOrderRow } from './options-order-row.tsx';

/**
 * The user's options in progress. A read that failed says so, with Retry (offline, that it reads
 * again when the network returns), above the options known anyway (one just placed): never that
 * there are none.
 */
export function OptionsOpenList({ live }: { live: OptionsLive }) {
  const { t } = useLingui();
  const open = live.open ?? [];
  return (
    <>
      {live.failed && <LoadError offline={live.failed.offline} onRetry={live.reload} />}
      {open.length > 0 ? (
        <ul class="order-list" data-testid="options-open">
          {open.map((o) => (
            <OptionsOrderRow key={o.id} option={o} />
          ))}
        </ul>
      ) : live.failed ? null : live.open === null ? (
        <PageLoading />
      ) : (
        <EmptyState text={t`No options in progress`} />
      )}
    </>
  );
}
