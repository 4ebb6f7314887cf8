import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyFollow } from '../../../contract/api/copytrade.ts';
import { ApiError } from '../../api/client.ts';
import { fetchTraderDetail } from '../../api/copytrade.ts';
import { navigate } from '../../lib/hash-route.ts';
import { $online } from '../../stores/network.ts';
import { showToast } from '../../stores/toast.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { FollowForm } from './follow-form.tsx';
import { idParam } from './query-params.ts';
import { TraderAvatar } from './trader-avatar.tsx';
import './copytrade.css';

/**
 * Following a trader (`?id=<trader_user_id>`), or changing the settings of one's follow of them:
 * fixed multiple or fixed lots, the copy budget, the server's preview of what will happen, and the
 * agreement accepted first (a new follow only).
 */
export function FollowPage() {
  const { t } = useLingui();
  const online = useStore($online);
  const id = idParam(useSearch());
  const detail = useResource(
    () => (id === null ? Promise.resolve(null) : fetchTraderDetail(id, 30).catch((e: unknown) => (e instanceof ApiError && e.code === 'COPYTRADE.TRADER_NOT_FOUND' ? null : Promise.reject(e)))),
    [id],
  );
  const done = (follow: MyFollow, edited: boolean) => {
    const name = follow.nickname;
    showToast(edited ? t`Copy settings saved` : t`You now follow ${name}`, 'success');
    navigate('/pages/copytrade/my');
  };
  return (
    <div class="stack copy-page">
      <ResourceView resource={detail}>
        {(answer) => {
          if (answer === null) {
            return (
              <EmptyState text={t`This trader was not found`}>
                <a class="btn btn--primary" href="#/pages/follow/index">
                  <Trans>See the traders</Trans>
                </a>
              </EmptyState>
            );
          }
          const tr = answer.data.trader;
          const mine = answer.data.my_follow?.state === 'active' ? answer.data.my_follow : null;
          return (
            <>
              <AsOf asOf={answer.asOf} online={online} />
              <a class="card copy-trader__head" href={`#/pages/follow/trader?id=${tr.trader_user_id}`}>
                <TraderAvatar nickname={tr.nickname} avatar={tr.avatar} />
                <span class="copy-trader__name">
                  <strong>{tr.nickname}</strong>
                  <span class="muted">{mine ? t`Change how you copy this trader` : t`Copy this trader's futures trades`}</span>
                </span>
              </a>
              <FollowForm key={`${tr.trader_user_id}:${mine?.id ?? 0}`} trader={tr} current={mine} onDone={done} />
            </>
          );
        }}
      </ResourceView>
    </div>
  );
}
