import { useCallback } from 'preact/hooks';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { FIGURE_WINDOWS, TRADER_SORTS, type FigureWindow, type TraderRow, type TraderSort } from '../../../contract/api/copytrade.ts';
import { fetchTraders } from '../../api/copytrade.ts';
import { currentRoute, navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { SORT_LABELS } from './copy-labels.ts';
import { TraderCard } from './trader-card.tsx';
import './copytrade.css';

const PAGE_SIZE = 10;

const sortOf = (raw: string | null): TraderSort => (TRADER_SORTS as readonly string[]).includes(raw ?? '') ? (raw as TraderSort) : 'profit';
const daysOf = (raw: string | null): FigureWindow => (FIGURE_WINDOWS as readonly number[]).includes(Number(raw)) ? (Number(raw) as FigureWindow) : 30;

/**
 * The traders, ranked by total profit, yield, win rate or followers over 7, 30 or 90 days (`?sort=`,
 * `?days=`), each with the way to their page and to follow them. The figures are refreshed hourly;
 * offline the ranking read before shows, with the time it was current.
 */
export function TraderListPage() {
  const { t, i18n } = useLingui();
  const query = new URLSearchParams(useSearch());
  const sort = sortOf(query.get('sort'));
  const days = daysOf(query.get('days'));
  const go = (next: { sort?: TraderSort; days?: FigureWindow }) =>
    navigate(`${currentRoute().path}?sort=${next.sort ?? sort}&days=${next.days ?? days}`, { replace: true });
  const load = useCallback((page: number, limit: number) => fetchTraders(sort, days, page, limit), [sort, days]);
  const paged = usePaged(load, [sort, days], PAGE_SIZE);
  return (
    <div class="stack copy-page">
      <nav class="copy-links">
        <a href="#/pages/copytrade/my">
          <Trans>My copy trading</Trans>
        </a>
        <a href="#/pages/copytrade/my?tab=trader">
          <Trans>Become a trader</Trans>
        </a>
      </nav>
      <Tabs label={t`Rank traders by`} value={sort} onChange={(s) => go({ sort: s })} tabs={TRADER_SORTS.map((s) => [s, i18n._(SORT_LABELS[s])] as [TraderSort, string])} />
      <div class="chips" role="radiogroup" aria-label={t`Period`}>
        {FIGURE_WINDOWS.map((d) => (
          <button key={d} type="button" class="chip" role="radio" aria-checked={d === days} onClick={() => go({ days: d })}>
            {t`${d} days`}
          </button>
        ))}
      </div>
      <p class="muted copy-note">
        <Trans>Trader figures are updated hourly.</Trans>
      </p>
      <PagedList paged={paged} label={t`Traders`} empty={t`No traders yet`}>
        {(tr: TraderRow) => <TraderCard key={tr.trader_user_id} trader={tr} days={days} />}
      </PagedList>
    </div>
  );
}
