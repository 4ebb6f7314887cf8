import { Trans } from '@lingui/react/macro';

/**
 * What a screen shows in place of data it could not load. Failed offline, it says so, without a
 * Retry that cannot work: the screen loads by itself when the network is back (use-resource.ts,
 * use-paged.ts).
 */
export function LoadError({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  if (offline) {
    return (
      <div class="load-error" role="status" data-offline="">
        <p>
          <Trans>You are offline. This will load when you are back online.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div class="load-error" role="alert">
      <p>
        <Trans>Failed to load. Please try again.</Trans>
      </p>
      <button type="button" class="btn btn--ghost" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
