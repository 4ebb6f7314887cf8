import type { ComponentChildren } from 'preact';
import { Trans } from '@lingui/react/macro';
import type { Resource } from './use-resource.ts';
import { PageLoading } from './page-loading.tsx';

/** Loading, error with retry, or the content: every data screen shows one of the three. */
export function ResourceView<T>({ resource, children }: { resource: Resource<T>; children: (data: T) => ComponentChildren }) {
  if (resource.data !== undefined) return <>{children(resource.data)}</>;
  if (resource.loading) return <PageLoading />;
  return (
    <div class="load-error" role="alert">
      <p>
        <Trans>Failed to load. Please try again.</Trans>
      </p>
      <button type="button" class="btn btn--ghost" onClick={resource.reload}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
