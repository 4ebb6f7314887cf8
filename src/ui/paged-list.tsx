import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Trans } from '@lingui/react/macro';
import { AsOf } from './as-of.tsx';
import type { Paged } from './use-paged.ts';
import { EmptyState } from './empty-state.tsx';
import { LoadError } from './load-error.tsx';
import { PageLoading } from './page-loading.tsx';

/**
 * A paged list: loading, error with retry, empty, or the rows; more rows load when the end comes
 * into view (or with the button), and the end of the data says "No more data" (section 8). Rows
 * that may be old (offline, or long ago) say when they were current.
 */
export function PagedList<T>({
  paged,
  empty,
  children,
  label,
}: {
  paged: Paged<T>;
  /** What the empty list says. */
  empty: string;
  label: string;
  children: (item: T) => ComponentChildren;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { items, initial, loading, error, done, loadMore } = paged;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || done || error !== undefined || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [done, items.length, loading, error]);

  if (initial && loading) return <PageLoading />;
  if (items.length === 0 && error !== undefined) return <LoadError offline={paged.offline} onRetry={paged.reload} />;
  const asOf = paged.asOf !== null && <AsOf asOf={paged.asOf} online={paged.online} />;
  if (items.length === 0 && done) {
    return (
      <>
        {asOf}
        <EmptyState text={empty} />
      </>
    );
  }
  return (
    <div class="paged">
      {asOf}
      <ul class="list record-list" aria-label={label}>
        {items.map((item) => children(item))}
      </ul>
      <div class="paged__foot" ref={sentinel} aria-live="polite">
        {done ? (
          <span class="muted">
            <Trans>No more data</Trans>
          </span>
        ) : loading ? (
          <span class="spinner spinner--small" role="progressbar" />
        ) : (
          <button type="button" class="btn btn--small btn--ghost" onClick={loadMore}>
            {error !== undefined ? <Trans>Retry</Trans> : <Trans>Load more</Trans>}
          </button>
        )}
      </div>
    </div>
  );
}
