import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Trans } from '@lingui/react/macro';
import type { Paged } from './use-paged.ts';
import { PageLoading } from './page-loading.tsx';
import { EmptyState } from './empty-state.tsx';

/**
 * A paged list: loading, error with retry, empty, or the rows; more rows load when the end comes
 * into view (or with the button), and the end of the data says "No more data" (section 8).
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
  if (items.length === 0 && error !== undefined) {
    return (
      <div class="load-error" role="alert">
        <p>
          <Trans>Failed to load. Please try again.</Trans>
        </p>
        <button type="button" class="btn btn--ghost" onClick={paged.reload}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  if (items.length === 0 && done) return <EmptyState text={empty} />;
  return (
    <div class="paged">
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
