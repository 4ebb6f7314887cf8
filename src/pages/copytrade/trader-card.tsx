import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FigureWindow, TraderRow } from '../../../contract/api/copytrade.ts';
import { $user } from '../../stores/session.ts';
import { trendOf, useCopyFormat } from './copy-format.ts';
import { TraderAvatar } from './trader-avatar.tsx';
import { TraderFigureList } from './trader-figure-list.tsx';

/** One trader of the ranking: who, the chosen window's yield, profit and win rate, followers, and the way to follow. */
export function TraderCard({ trader: tr, days }: { trader: TraderRow; days: FigureWindow }) {
  const { t } = useLingui();
  const f = useCopyFormat();
  const figures = tr.figures.find((w) => w.days === days) ?? tr.figures[0];
  const followers = tr.followers;
  const max = tr.max_followers;
  const share = f.rateText(tr.profit_share);
  const full = followers >= max;
  // Traders are listed to themselves too: their way on is their own panel, not a follow the server refuses.
  const mine = useStore($user)?.uid === tr.trader_user_id;
  const href = `#/pages/follow/trader?id=${tr.trader_user_id}`;
  return (
    <li class="card copy-trader" data-trader={tr.trader_user_id}>
      <a class="copy-trader__head" href={href}>
        <TraderAvatar nickname={tr.nickname} avatar={tr.avatar} />
        <span class="copy-trader__name">
          <strong>{tr.nickname}</strong>
          <span class="muted">{t`${followers}/${max} followers · ${share} profit share`}</span>
        </span>
      </a>
      {figures && <TraderFigureList figures={figures} />}
      <div class="copy-trader__foot">
        <span class="muted">
          <Trans>Total profit</Trans> <span class={`num ${trendOf(tr.total_profit)}`}>{f.signed(tr.total_profit)} USDT</span>
        </span>
        {mine ? (
          <a class="btn btn--small btn--ghost" href="#/pages/copytrade/my?tab=trader">
            <Trans>Me as trader</Trans>
          </a>
        ) : tr.following ? (
          <a class="btn btn--small btn--ghost" href="#/pages/copytrade/my">
            <Trans>Following</Trans>
          </a>
        ) : full ? (
          <span class="badge badge--wait">
            <Trans>Full</Trans>
          </span>
        ) : (
          <a class="btn btn--small btn--primary" href={`#/pages/follow/follow?id=${tr.trader_user_id}`}>
            <Trans>Follow</Trans>
          </a>
        )}
      </div>
    </li>
  );
}
