import { useLingui } from '@lingui/react/macro';
import type { IeoProject } from '../../../contract/api/ieo.ts';
import { formatDate } from '../../lib/format-date.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { IeoCountdown } from './ieo-countdown.tsx';
import { PHASE_BADGES, PHASE_LABELS } from './ieo-labels.ts';
import { IeoProgress } from './ieo-progress.tsx';

/** A sale in the list: token, phase, price, how much is subscribed, and the countdown to its next moment. */
export function IeoProjectCard({ project: p, offsetMs, onPhaseChange }: { project: IeoProject; offsetMs: number; onPhaseChange: () => void }) {
  const { t, i18n } = useLingui();
  const fmt = usePriceFormat();
  const symbol = p.symbol;
  const prices = p.prices.map((price) => `${fmt.amount(price.price)} ${price.currency}`).join(' / ');
  const sold = p.sold === null ? null : `${fmt.amount(p.sold)} ${p.symbol}`;
  const ended = formatDate(p.end_at, 'yyyy-mm-dd hh:MM');
  return (
    <li class="ieo-card" data-project={p.id} data-phase={p.phase}>
      <a class="ieo-card__link" href={`#/pages/ieo/subscribe?id=${p.id}`}>
        <div class="ieo-card__head">
          <CoinIcon symbol={p.symbol} size={36} />
          <div class="ieo-card__title">
            <strong>{p.name}</strong>
            <span class="muted">{p.symbol}</span>
          </div>
          <span class={PHASE_BADGES[p.phase]}>{i18n._(PHASE_LABELS[p.phase])}</span>
          {p.paused && p.phase === 'in_progress' && <span class="badge badge--bad">{t`Paused`}</span>}
        </div>
        <dl class="facts">
          <div>
            <dt>{t`Price`}</dt>
            <dd class="num">{t`1 ${symbol} = ${prices}`}</dd>
          </div>
          <div>
            <dt>{t`For sale`}</dt>
            <dd class="num">
              {fmt.amount(p.supply)} {p.symbol}
            </dd>
          </div>
        </dl>
        <IeoProgress subscribed={p.subscribed} supply={p.supply} symbol={p.symbol} />
        <div class="ieo-card__foot">
          {p.phase === 'warmup' && <IeoCountdown atMs={p.start_at_ms} offsetMs={offsetMs} kind="start" onElapsed={onPhaseChange} />}
          {p.phase === 'in_progress' && <IeoCountdown atMs={p.end_at_ms} offsetMs={offsetMs} kind="end" onElapsed={onPhaseChange} />}
          {(p.phase === 'ended' || p.phase === 'calculating') && <span class="muted">{t`Ended ${ended}, allocating`}</span>}
          {p.phase === 'distributed' && <span class="muted">{t`Ended ${ended}, ${sold} sold`}</span>}
        </div>
      </a>
    </li>
  );
}
