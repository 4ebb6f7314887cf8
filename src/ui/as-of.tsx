import { Trans } from '@lingui/react/macro';
import { formatDate } from '../lib/format-date.ts';

/** Older than this, a figure says when it was current even while online. */
export const STALE_AFTER_MS = 5 * 60_000;

/** "As of 2026-11-21 10:04" beside data that may be old: shown offline, or once it is stale. */
export function AsOf({ asOf, online, now = Date.now(), className = 'as-of' }: { asOf: number; online: boolean; now?: number; className?: string }) {
  if (online && now - asOf < STALE_AFTER_MS) return null;
  const time = formatDate(asOf, 'yyyy-mm-dd hh:MM');
  return (
    <p class={className} data-as-of={asOf}>
      <Trans>As of {time}</Trans>
    </p>
  );
}
