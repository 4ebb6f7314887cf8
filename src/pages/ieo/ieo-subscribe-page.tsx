import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IeoProjectDetail } from '../../../contract/api/ieo.ts';
import { fetchProject, type Timed } from '../../api/ieo.ts';
import { formatDate } from '../../lib/format-date.ts';
import { $online } from '../../stores/network.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { queryId, useQuery } from './ieo-query.ts';
import { IeoCountdown } from './ieo-countdown.tsx';
import { PHASE_BADGES, PHASE_LABELS } from './ieo-labels.ts';
import { IeoProgress } from './ieo-progress.tsx';
import { IeoSubscribeForm } from './ieo-subscribe-form.tsx';
import { IeoSubscriptionRow } from './ieo-subscription-row.tsx';
import './ieo.css';

/** A sale's detail and, while it sells, the subscribe form (section 2 /pages/ieo/subscribe?id=). */
export function IeoSubscribePage() {
  const { t } = useLingui();
  const id = queryId(useQuery(), 'id');
  const detail = useResource(() => (id === null ? Promise.resolve(null) : fetchProject(id)), [id]);
  if (id === null) return <EmptyState text={t`This sale does not exist`} />;
  return <ResourceView resource={detail}>{(answer) => (answer ? <Detail answer={answer} onChange={detail.reload} /> : null)}</ResourceView>;
}

function Detail({ answer, onChange }: { answer: Timed<IeoProjectDetail>; onChange: () => void }) {
  const { t, i18n } = useLingui();
  const fmt = usePriceFormat();
  const online = useStore($online);
  const p = answer.data;
  const symbol = p.symbol;
  const tokens = (x: string) => `${fmt.amount(x)} ${symbol}`;
  const subscribers = p.subscribers;
  const rows: [string, string][] = [
    [t`For sale`, tokens(p.supply)],
    ...p.prices.map((price): [string, string] => {
      const currency = price.currency;
      return [t`Price in ${currency}`, `${fmt.amount(price.price)} ${currency}`];
    }),
    [t`Per user`, `${tokens(p.min_amount)} – ${tokens(p.max_amount)}`],
    [t`Maximum allocation`, tokens(p.max_allocation)],
    [t`Starts`, formatDate(p.start_at, 'yyyy-mm-dd hh:MM')],
    [t`Ends`, formatDate(p.end_at, 'yyyy-mm-dd hh:MM')],
    [t`Subscribers`, String(subscribers)],
  ];
  if (p.sold !== null) rows.push([t`Sold`, tokens(p.sold)]);
  return (
    <div class="stack ieo">
      <AsOf asOf={answer.asOf} online={online} />
      <section class="card ieo-detail" aria-labelledby="ieo-title" data-phase={p.phase}>
        <div class="ieo-card__head">
          <CoinIcon symbol={symbol} size={40} />
          <div class="ieo-card__title">
            <h2 id="ieo-title">{p.name}</h2>
            <span class="muted">{symbol}</span>
          </div>
          <span class={PHASE_BADGES[p.phase]} data-testid="phase">
            {i18n._(PHASE_LABELS[p.phase])}
          </span>
          {p.paused && p.phase === 'in_progress' && <span class="badge badge--bad">{t`Paused`}</span>}
        </div>
        {p.phase === 'warmup' && <IeoCountdown atMs={p.start_at_ms} offsetMs={answer.offsetMs} kind="start" onElapsed={onChange} />}
        {p.phase === 'in_progress' && <IeoCountdown atMs={p.end_at_ms} offsetMs={answer.offsetMs} kind="end" onElapsed={onChange} />}
        <IeoProgress subscribed={p.subscribed} supply={p.supply} symbol={symbol} />
        <dl class="facts">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd class="num">{value}</dd>
            </div>
          ))}
        </dl>
        <p class="muted ieo-note">
          <Trans>
            When the sale ends, tokens are allocated in proportion to what each user subscribed if more is subscribed than is for sale, never more than the
            maximum allocation. You pay for the tokens you get; the rest is refunded to your finance account.
          </Trans>
        </p>
      </section>
      {p.phase === 'in_progress' && !p.paused && <IeoSubscribeForm project={p} onDone={onChange} />}
      {p.phase === 'in_progress' && p.paused && (
        <p class="notice" role="status">
          <Trans>Subscriptions are paused for now.</Trans>
        </p>
      )}
      {p.phase === 'warmup' && (
        <p class="notice" role="status">
          <Trans>Subscriptions open when the sale starts.</Trans>
        </p>
      )}
      {(p.phase === 'ended' || p.phase === 'calculating') && (
        <p class="notice" role="status">
          <Trans>The sale has ended. Tokens are being allocated.</Trans>
        </p>
      )}
      {p.mine && (
        <section class="ieo-mine" aria-label={t`My subscription`}>
          <h3 class="section-title">
            <Trans>My subscription</Trans>
          </h3>
          <IeoSubscriptionRow sub={p.mine} as="div" link={false} />
          <a class="link-btn" href="#/pages/ieo/order">
            <Trans>All my subscriptions</Trans>
          </a>
        </section>
      )}
    </div>
  );
}
