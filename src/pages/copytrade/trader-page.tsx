import { useCallback } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { FIGURE_WINDOWS, type FigureWindow, type TraderDetail, type TraderTrade } from '../../../contract/api/copytrade.ts';
import { ApiError } from '../../api/client.ts';
import { fetchTraderDetail, fetchTraderHistory } from '../../api/copytrade.ts';
import { formatDate } from '../../lib/format-date.ts';
import { currentRoute, navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { $user } from '../../stores/session.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PagedList } from '../../ui/paged-list.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { useResource } from '../../ui/use-resource.ts';
import { trendOf, useCopyFormat } from './copy-format.ts';
import { PnlCurve } from './pnl-curve.tsx';
import { idParam } from './query-params.ts';
import { TraderAvatar } from './trader-avatar.tsx';
import { TraderFigureList } from './trader-figure-list.tsx';
import { TraderTradeRow } from './trader-trade-row.tsx';
import './copytrade.css';

const PAGE_SIZE = 10;

const daysOf = (raw: string | null): FigureWindow => (FIGURE_WINDOWS as readonly number[]).includes(Number(raw)) ? (Number(raw) as FigureWindow) : 30;

/**
 * A trader's page (`?id=<trader_user_id>&days=7|30|90`): who they are, the window's figures and PnL
 * curve, their open positions (what a follower copies from now on) and their closed ones, and the
 * way to follow them or to one's own follow of them.
 */
export function TraderPage() {
  const { t } = useLingui();
  const online = useStore($online);
  const search = useSearch();
  const id = idParam(search);
  const days = daysOf(new URLSearchParams(search).get('days'));
  const tab = new URLSearchParams(search).get('tab') === 'history' ? 'history' : 'open';
  const detail = useResource(
    () => (id === null ? Promise.resolve(null) : fetchTraderDetail(id, days).catch((e: unknown) => (e instanceof ApiError && e.code === 'COPYTRADE.TRADER_NOT_FOUND' ? null : Promise.reject(e)))),
    [id, days],
  );
  const go = (next: { days?: FigureWindow; tab?: string }) => navigate(`${currentRoute().path}?id=${id}&days=${next.days ?? days}&tab=${next.tab ?? tab}`, { replace: true });
  return (
    <div class="stack copy-page">
      <ResourceView resource={detail}>
        {(answer) =>
          answer === null || id === null ? (
            <EmptyState text={t`This trader was not found`}>
              <a class="btn btn--primary" href="#/pages/follow/index">
                <Trans>See the traders</Trans>
              </a>
            </EmptyState>
          ) : (
            <>
              <AsOf asOf={answer.asOf} online={online} />
              <TraderHead detail={answer.data} />
              <div class="chips" role="radiogroup" aria-label={t`Period`}>
                {FIGURE_WINDOWS.map((d) => (
                  <button key={d} type="button" class="chip" role="radio" aria-checked={d === days} onClick={() => go({ days: d })}>
                    {t`${d} days`}
                  </button>
                ))}
              </div>
              <WindowFigures detail={answer.data} />
              <PnlCurve points={answer.data.pnl_curve} />
              <Tabs
                label={t`Trader's positions`}
                value={tab}
                onChange={(next) => go({ tab: next })}
                tabs={[
                  ['open', t`Open positions`],
                  ['history', t`History`],
                ]}
              />
              {tab === 'open' ? <OpenPositions trades={answer.data.open_positions} /> : <TradeHistory traderId={id} />}
            </>
          )
        }
      </ResourceView>
    </div>
  );
}

function TraderHead({ detail }: { detail: TraderDetail }) {
  const { t } = useLingui();
  const f = useCopyFormat();
  const tr = detail.trader;
  const mine = detail.my_follow?.state === 'active' ? detail.my_follow : null;
  const self = useStore($user)?.uid === tr.trader_user_id;
  const followers = tr.followers;
  const max = tr.max_followers;
  const since = formatDate(tr.trader_since);
  return (
    <section class="card copy-head" aria-label={t`Trader`}>
      <div class="copy-trader__head">
        <TraderAvatar nickname={tr.nickname} avatar={tr.avatar} size={48} />
        <span class="copy-trader__name">
          <strong class="copy-head__name">{tr.nickname}</strong>
          <span class="muted">{t`Trader since ${since}`}</span>
        </span>
      </div>
      <dl class="copy-figures">
        <div>
          <dt>
            <Trans>Total profit (USDT)</Trans>
          </dt>
          <dd class={`num ${trendOf(tr.total_profit)}`} data-field="total-profit">
            {f.signed(tr.total_profit)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Followers</Trans>
          </dt>
          <dd class="num" data-field="followers">
            {followers}/{max}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Profit share</Trans>
          </dt>
          <dd class="num">{f.rateText(tr.profit_share)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Followers' budget (USDT)</Trans>
          </dt>
          <dd class="num">{f.compact(tr.aum)}</dd>
        </div>
      </dl>
      {self ? (
        <a class="btn btn--ghost btn--block" href="#/pages/copytrade/my?tab=trader">
          <Trans>Me as trader</Trans>
        </a>
      ) : mine ? (
        <div class="button-row">
          <a class="btn btn--ghost" href={`#/pages/follow/follow?id=${tr.trader_user_id}`}>
            <Trans>Edit copy settings</Trans>
          </a>
          <a class="btn btn--primary" href="#/pages/copytrade/my">
            <Trans>My copies</Trans>
          </a>
        </div>
      ) : followers >= max ? (
        <p class="notice">
          <Trans>This trader takes no more followers now.</Trans>
        </p>
      ) : (
        <a class="btn btn--primary btn--block" href={`#/pages/follow/follow?id=${tr.trader_user_id}`} data-testid="follow-trader">
          <Trans>Follow</Trans>
        </a>
      )}
    </section>
  );
}

function WindowFigures({ detail }: { detail: TraderDetail }) {
  const { t } = useLingui();
  const w = detail.window;
  const days = w.days;
  const won = w.winning_trades;
  const closed = w.closed_trades;
  const at = detail.trader.figures_at ? formatDate(detail.trader.figures_at, 'yyyy-mm-dd hh:MM') : null;
  return (
    <section class="card" aria-label={t`${days}-day figures`}>
      <TraderFigureList figures={w}>
        <div>
          <dt>
            <Trans>Winning trades</Trans>
          </dt>
          <dd class="num">{t`${won} of ${closed}`}</dd>
        </div>
      </TraderFigureList>
      {at && <p class="muted copy-note">{t`Figures as of ${at}, updated hourly`}</p>}
    </section>
  );
}

function OpenPositions({ trades }: { trades: readonly TraderTrade[] }) {
  const { t } = useLingui();
  if (trades.length === 0) return <EmptyState text={t`No open positions now`} />;
  return (
    <ul class="list record-list" aria-label={t`Open positions`}>
      {trades.map((trade) => (
        <TraderTradeRow key={trade.id} trade={trade} />
      ))}
    </ul>
  );
}

function TradeHistory({ traderId }: { traderId: number }) {
  const { t } = useLingui();
  const load = useCallback((page: number, limit: number) => fetchTraderHistory(traderId, page, limit), [traderId]);
  const paged = usePaged(load, [traderId], PAGE_SIZE);
  return (
    <PagedList paged={paged} label={t`Closed positions`} empty={t`No closed positions yet`}>
      {(trade: TraderTrade) => <TraderTradeRow key={trade.id} trade={trade} />}
    </PagedList>
  );
}
