import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CopyEvent } from '../../../contract/api/copytrade.ts';
import { formatDate } from '../../lib/format-date.ts';
import { ACTION_LABELS, SIDE_LABELS, SKIP_REASONS } from './copy-labels.ts';

/** One line of the copy history: what the trader did and what it made in my account, or why it was skipped. */
export function CopyEventRow({ event: e }: { event: CopyEvent }) {
  const { t, i18n } = useLingui();
  const theirs = e.trader_lots;
  const mine = e.lots;
  const name = e.nickname;
  const skipped = e.outcome === 'skipped';
  return (
    <li class="record copy-event" data-event={e.id} data-outcome={e.outcome} data-action={e.action}>
      <div class="copy-row__head">
        <strong>{e.symbol}</strong>
        <span class="muted">{i18n._(SIDE_LABELS[e.type])}</span>
        <span>{i18n._(ACTION_LABELS[e.action])}</span>
        <span class={`badge ${skipped ? 'badge--bad' : 'badge--ok'}`}>{skipped ? t`Skipped` : t`Copied`}</span>
      </div>
      <p class="copy-note">{skipped
          ? t`${name}: ${plural(theirs, { one: '# lot', other: '# lots' })}, not copied`
          : t`${name}: ${plural(theirs, { one: '# lot', other: '# lots' })}, you: ${plural(mine, { one: '# lot', other: '# lots' })}`}</p>
      {skipped && e.skip_reason && (
        <p class="trend-down copy-note" data-field="skip-reason">
          {i18n._(SKIP_REASONS[e.skip_reason])}
        </p>
      )}
      <p class="muted copy-note num">{formatDate(e.at, 'yyyy-mm-dd hh:MM:ss')}</p>
    </li>
  );
}
