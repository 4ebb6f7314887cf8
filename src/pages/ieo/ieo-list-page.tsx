import { useCallback } from 'preact/hooks';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IeoPhaseFilter, IeoProject } from '../../../contract/api/ieo.ts';
import { fetchProjects, serverOffsetMs } from '../../api/ieo.ts';
import { navigate } from '../../lib/hash-route.ts';
import { PagedList } from '../../ui/paged-list.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { IeoProjectCard } from './ieo-project-card.tsx';
import './ieo.css';

const PATH = '/pages/ieo/ieo';
const PAGE_SIZE = 10;

const tabOf = (raw: string | null): IeoPhaseFilter => (raw === 'warmup' || raw === 'ended' ? raw : 'in_progress');

/** Token sales by phase (section 2 /pages/ieo/ieo): selling now, coming up, finished. */
export function IeoListPage() {
  const { t } = useLingui();
  const phase = tabOf(new URLSearchParams(useSearch()).get('tab'));
  const load = useCallback((page: number, limit: number) => fetchProjects(phase, page, limit), [phase]);
  const paged = usePaged(load, [phase], PAGE_SIZE);
  const empty = { in_progress: t`No sale is in progress`, warmup: t`No sale is coming up`, ended: t`No sale has ended yet` }[phase];
  return (
    <div class="stack ieo">
      <Tabs
        label={t`Sales`}
        value={phase}
        onChange={(tab) => navigate(`${PATH}?tab=${tab}`, { replace: true })}
        tabs={[
          ['in_progress', t`In progress`],
          ['warmup', t`Upcoming`],
          ['ended', t`Ended`],
        ]}
      />
      <div class="ieo__top">
        <a class="link-btn" href="#/pages/ieo/order">
          <Trans>My subscriptions</Trans>
        </a>
      </div>
      <PagedList paged={paged} label={t`Token sales`} empty={empty}>
        {(p: IeoProject) => <IeoProjectCard key={p.id} project={p} offsetMs={serverOffsetMs()} onPhaseChange={paged.reload} />}
      </PagedList>
    </div>
  );
}
