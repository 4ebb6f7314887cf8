import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyFollow } from '../../../contract/api/copytrade.ts';
import { formatDate } from '../../lib/format-date.ts';
import { MODE_LABELS } from './copy-labels.ts';
import { trendOf, useCopyFormat } from './copy-format.ts';
import { TraderAvatar } from './trader-avatar.tsx';

/** One of my follows: the trader, how I copy them, what the copies made and what the trader's share took; edit and stop while active. */
export function FollowCard({ follow: fw, online, onStop, onCopies }: { follow: MyFollow; online: boolean; onStop: (follow: MyFollow) => void; onCopies: (follow: MyFollow) => void }) {
  const { t, i18n } = useLingui();
  const f = useCopyFormat();
  const active = fw.state === 'active';
  const number = fw.number;
  const openCopies = fw.open_copies;
  const closedCopies = fw.closed_copies;
  const skipped = fw.skipped;
  const used = f.usdt(fw.budget_used);
  const budget = f.usdt(fw.budget);
  const share = f.rateText(fw.profit_share);
  return (
    <li class="record copy-follow" data-follow={fw.id} data-trader={fw.trader_user_id} data-state={fw.state}>
      <div class="copy-follow__head">
        <a class="copy-trader__head" href={`#/pages/follow/trader?id=${fw.trader_user_id}`}>
          <TraderAvatar nickname={fw.nickname} avatar={fw.avatar} size={32} />
          <strong>{fw.nickname}</strong>
        </a>
        <span class={`badge ${active ? 'badge--ok' : 'badge--wait'}`}>{active ? <Trans>Following</Trans> : <Trans>Stopped</Trans>}</span>
      </div>
      <p class="muted copy-note">
        {i18n._(MODE_LABELS[fw.mode])} · {fw.mode === 'multiple' ? t`${number}x the trader's size` : t`${plural(number, { one: '# lot a copy', other: '# lots a copy' })}`} · {t`${share} profit share`}
      </p>
      <dl class="copy-row__grid">
        <div>
          <dt>
            <Trans>Realised PnL</Trans>
          </dt>
          <dd class={`num ${trendOf(fw.realised_pnl)}`} data-field="realised">
            {f.signed(fw.realised_pnl)} USDT
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Unrealised PnL</Trans>
          </dt>
          <dd class={`num ${trendOf(fw.unrealised_pnl)}`} data-field="unrealised">
            {f.signed(fw.unrealised_pnl)} USDT
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Profit share paid</Trans>
          </dt>
          <dd class="num" data-field="share-paid">
            {f.usdt(fw.profit_share_paid)} USDT
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Profit share due</Trans>
          </dt>
          <dd class="num" data-field="share-pending">
            {f.usdt(fw.profit_share_pending)} USDT
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Budget used</Trans>
          </dt>
          <dd class="num">{t`${used} of ${budget}`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Copies</Trans>
          </dt>
          <dd class="num" data-field="copies">
            {t`${openCopies} open · ${closedCopies} closed · ${skipped} skipped`}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Since</Trans>
          </dt>
          <dd class="num">{formatDate(fw.created_at, 'yyyy-mm-dd hh:MM')}</dd>
        </div>
        {fw.ended_at && (
          <div>
            <dt>
              <Trans>Stopped</Trans>
            </dt>
            <dd class="num">{formatDate(fw.ended_at, 'yyyy-mm-dd hh:MM')}</dd>
          </div>
        )}
      </dl>
      <div class="copy-row__foot">
        <button type="button" class="btn btn--small btn--ghost" onClick={() => onCopies(fw)}>
          <Trans>See copies</Trans>
        </button>
        {active && (
          <>
            <a class="btn btn--small btn--ghost" href={`#/pages/follow/follow?id=${fw.trader_user_id}`}>
              <Trans>Edit</Trans>
            </a>
            <button type="button" class="btn btn--small btn--danger" disabled={!online} onClick={() => onStop(fw)} data-testid="stop-follow">
              <Trans>Stop following</Trans>
            </button>
          </>
        )}
      </div>
    </li>
  );
}
