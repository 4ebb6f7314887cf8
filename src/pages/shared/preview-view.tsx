import type { ComponentChildren } from 'preact';
import { ApiError } from '../../api/client.ts';
import { ResourceView } from '../../ui/resource-view.tsx';
import type { Resource } from '../../ui/use-resource.ts';

/** A failure the server decided (not the network's, nor a bad gateway's): its words are the answer. */
const refusalOf = (error: unknown): string | null => (error instanceof ApiError && !/^(OFFLINE|NETWORK|TIMEOUT|HTTP_)/.test(error.code) ? error.message : null);

/**
 * The server's preview of a step, as a dialog shows it before the step is taken: loading, the
 * preview, or, if the server refuses (the order matured meanwhile, say), its refusal as it words
 * it; a failed load offers Retry.
 */
export function PreviewView<T>({ resource, children }: { resource: Resource<T>; children: (preview: T) => ComponentChildren }) {
  const refused = resource.data === undefined && !resource.loading ? refusalOf(resource.error) : null;
  if (refused !== null) return <p class="notice">{refused}</p>;
  return <ResourceView resource={resource}>{children}</ResourceView>;
}
