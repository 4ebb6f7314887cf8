import { Trans } from '@lingui/react/macro';

/** The quote stream's state beside live figures: live, reconnecting or offline (nothing while idle). */
export function LiveBadge({ status }: { status: 'idle' | 'live' | 'reconnecting' | 'offline' }) {
  if (status === 'idle') return null;
  return (
    <span class={`live-badge live-badge--${status}`} role="status" data-live={status}>
      <span class="live-badge__dot" aria-hidden="true" />
      {status === 'live' ? <Trans>Live</Trans> : status === 'reconnecting' ? <Trans>Reconnecting…</Trans> : <Trans>Offline</Trans>}
    </span>
  );
}
