import { useCallback, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CopyEvent, CopyPosition, CopyStatus, MyFollow } from '../../../contract/api/copytrade.ts';
import { fetchCopyHistory, fetchMyCopies, fetchMyFollows } from '../../api/copytrade.ts';
import { navigate } from '../../lib/hash-route.ts';
import { $token } from '../../stores/session.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { CopyEventRow } from './copy-event-row.tsx';
import { CopyRow } from './copy-row.tsx';
import { FollowCard } from './follow-card.tsx';
import { idParam } from './query-params.ts';
import { SelfHoldDialog } from './self-hold-dialog.tsx';
import { StopFollowDialog } from './stop-follow-dialog.tsx';
import { TraderSelfPanel } from './trader-self-panel.tsx';
import { useCopyLive } from './use-copy-live.ts';
import './copytrade.css';

const PATH = '/pages/copytrade/my';
const PAGE_SIZE = 10;
const TABS = ['follows', 'copies', 'history', 'trader'] as const;
type Tab = (typeof TABS)[number];

interface View {
  tab: Tab;
  /** follows: active or stopped; copies: open or closed. */
  sub: string;
  trader: number | null;
}

function viewOf(search: string): View {
  const q = new URLSearchParams(search);
  const tab = (TABS as readonly string[]).includes(q.get('tab') ?? '') ? (q.get('tab') as Tab) : 'follows';
  return { tab, sub: q.get('sub') ?? '', trader: idParam(search, 'trader') };
}

const hrefOf = (v: View) => `${PATH}?tab=${v.tab}${v.sub ? `&sub=${v.sub}` : ''}${v.trader ? `&trader=${v.trader}` : ''}`;

/**
 * My copy trading (`?tab=follows|copies|history|trader`): the traders I follow (and followed), with
 * PnL and profit share; my copied positions, open (live PnL, self-hold) and closed; the copy history
 * with each skipped copy's reason; and becoming a trader. A copy the trader's action makes shows up
 * live (the private channel's `copy` event). Offline the lists read before show with their time.
 */
export function MyCopiesPage() {
  const { t } = useLingui();
  const view = viewOf(useSearch());
  const go = (next: Partial<View>) => navigate(hrefOf({ ...view, ...next }), { replace: true });
  return (
    <div class="stack copy-page">
      <Tabs
        label={t`My copy trading`}
        value={view.tab}
        onChange={(tab) => go({ tab, sub: '' })}
        tabs={[
          ['follows', t`Traders`],
          ['copies', t`Copies`],
          ['history', t`History`],
          ['trader', t`Me as trader`],
        ]}
      />
      {view.tab === 'follows' && <FollowsTab view={view} go={go} />}
      {view.tab === 'copies' && <CopiesTab view={view} go={go} />}
      {view.tab === 'history' && <HistoryTab view={view} go={go} />}
      {view.tab === 'trader' && <TraderSelfPanel />}
    </div>
  );
}

/** A filter line when the list shows one trader's copies only. */
function TraderFilter({ nickname, onClear }: { nickname: string | undefined; onClear: () => void }) {
  const { t } = useLingui();
  return (
    <p class="copy-filter">
      <span class="muted">{nickname ? t`Only ${nickname}` : t`One trader only`}</span>
      <button type="button" class="link-btn" onClick={onClear}>
        <Trans>Show all traders</Trans>
      </button>
    </p>
  );
}

function FollowsTab({ view, go }: { view: View; go: (next: Partial<View>) => void }) {
  const { t } = useLingui();
  const token = useStore($token);
  const status = view.sub === 'history' ? 'history' : 'active';
  const load = useCallback((page: number, limit: number) => fetchMyFollows(status, page, limit), [status]);
  const paged = usePaged(load, [status], PAGE_SIZE);
  const [stopping, setStopping] = useState<MyFollow | null>(null);
  useCopyLive(token, paged.reload);
  return (
    <>
      <div class="chips" role="radiogroup" aria-label={t`Follows`}>
        <button type="button" class="chip" role="radio" aria-checked={status === 'active'} onClick={() => go({ sub: '' })}>
          <Trans>Following</Trans>
        </button>
        <button type="button" class="chip" role="radio" aria-checked={status === 'history'} onClick={() => go({ sub: 'history' })}>
          <Trans>Stopped</Trans>
        </button>
      </div>
      <PagedList paged={paged} label={t`Traders I follow`} empty={status === 'active' ? t`You follow no trader yet` : t`No stopped follows`}>
        {(fw: MyFollow) => <FollowCard key={fw.id} follow={fw} online={paged.online} onStop={setStopping} onCopies={(x) => go({ tab: 'copies', sub: '', trader: x.trader_user_id })} />}
      </PagedList>
      {status === 'active' && (
        <a class="btn btn--ghost btn--block" href="#/pages/follow/index">
          <Trans>Find traders to follow</Trans>
        </a>
      )}
      {stopping && (
        <StopFollowDialog
          follow={stopping}
          onClose={() => setStopping(null)}
          onStopped={() => {
            setStopping(null);
            paged.reload();
          }}
        />
      )}
    </>
  );
}

function CopiesTab({ view, go }: { view: View; go: (next: Partial<View>) => void }) {
  const { t } = useLingui();
  const token = useStore($token);
  const status: CopyStatus = view.sub === 'closed' ? 'closed' : 'open';
  const trader = view.trader ?? undefined;
  const load = useCallback((page: number, limit: number) => fetchMyCopies(status, page, limit, trader), [status, trader]);
  const paged = usePaged(load, [status, trader], PAGE_SIZE);
  const [holding, setHolding] = useState<CopyPosition | null>(null);
  const marks = useCopyLive(token, paged.reload);
  return (
    <>
      <div class="chips" role="radiogroup" aria-label={t`Copies`}>
        <button type="button" class="chip" role="radio" aria-checked={status === 'open'} onClick={() => go({ sub: '' })}>
          <Trans>Current</Trans>
        </button>
        <button type="button" class="chip" role="radio" aria-checked={status === 'closed'} onClick={() => go({ sub: 'closed' })}>
          <Trans>Past</Trans>
        </button>
      </div>
      {trader && <TraderFilter nickname={paged.items[0]?.nickname} onClear={() => go({ trader: null })} />}
      <PagedList paged={paged} label={t`Copied positions`} empty={status === 'open' ? t`No open copies` : t`No closed copies yet`}>
        {(c: CopyPosition) => <CopyRow key={c.id} copy={c} mark={marks.get(c.id)} online={paged.online} onSelfHold={setHolding} />}
      </PagedList>
      {holding && (
        <SelfHoldDialog
          copy={holding}
          onClose={() => setHolding(null)}
          onDone={() => {
            setHolding(null);
            paged.reload();
          }}
        />
      )}
    </>
  );
}

function HistoryTab({ view, go }: { view: View; go: (next: Partial<View>) => void }) {
  const { t } = useLingui();
  const token = useStore($token);
  const trader = view.trader ?? undefined;
  const load = useCallback((page: number, limit: number) => fetchCopyHistory(page, limit, trader), [trader]);
  const paged = usePaged(load, [trader], PAGE_SIZE);
  useCopyLive(token, paged.reload);
  return (
    <>
      {trader && <TraderFilter nickname={paged.items[0]?.nickname} onClear={() => go({ trader: null })} />}
      <PagedList paged={paged} label={t`Copy history`} empty={t`No copies yet`}>
        {(e: CopyEvent) => <CopyEventRow key={e.id} event={e} />}
      </PagedList>
    </>
  );
}
