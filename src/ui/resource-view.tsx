import type { ComponentChildren } from 'preact';
import type { Resource } from './use-resource.ts';
import { LoadError } from './load-error.tsx';
import { PageLoading } from './page-loading.tsx';

/** Loading, error with retry (or offline), or the content: every data screen shows one of the three. */
export function ResourceView<T>({ resource, children }: { resource: Resource<T>; children: (data: T) => ComponentChildren }) {
  if (resource.data !== undefined) return <>{children(resource.data)}</>;
  if (resource.loading) return <PageLoading />;
  return <LoadError offline={resource.offline ?? false} onRetry={resource.reload} />;
}
