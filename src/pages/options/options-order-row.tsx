import { useLingui } from '@lingui/react/macro';
import type { OptionOrder } from '../../../contract/api/contracts.ts';
import { formatDate } from '../../lib/format-date.ts';
import { trendOf } from '../../ui/change-text.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { isPositive } from '../shared/is-positive.ts';
import { OptionsCountdown } from './options-countdown.tsx';

/** One option: direction and expiry, stake, buy price; a countdown while open, the result and settlement price once settled. */
export function OptionsOrderRow({ option: o }: { option: OptionOrder }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const direction = o.type === 'up' ? t`Up` : t`Down`;
  const seconds = o.seconds;
  const outcomes = { win: t`Won`, lose: t`Lost`, draw: t`Draw` };
  const profit = o.profit === null ? '--' : `${isPositive(o.profit) ? '+' : ''}${fmt.amount(o.profit)} ${o.currency}`;
  return (
    <li class="order-row options-row" data-option={o.id} data-state={o.state} data-outcome={o.outcome ?? ''}>
      <div class="order-row__line">
        <span class={`position-title__side position-title__side--${o.type === 'up' ? 'long' : 'short'}`}>{t`${direction} · ${seconds}s`}</span>
        <strong>{o.symbol}</strong>
        <span class="order-row__time muted">{formatDate(o.settled_at ?? o.created_at, 'mm-dd hh:MM:ss')}</span>
      </div>
      <dl class="order-row__grid">
        <div>
          <dt>{t({ message: 'Stake', context: 'option amount' })}</dt>
          <dd class="num">
            {fmt.amount(o.number)} {o.currency}
          </dd>
        </div>
        <div>
          <dt>{t`Buy price`}</dt>
          <dd class="num">{fmt.price(o.buy_price)}</dd>
        </div>
        {o.state === 'open' ? (
          <div>
            <dt>{t`Time left`}</dt>
            <dd>
              <OptionsCountdown expiresAtMs={o.expires_at_ms} seconds={o.seconds} />
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t`Settlement price`}</dt>
            <dd class="num">{fmt.price(o.sell_price ?? undefined)}</dd>
          </div>
        )}
      </dl>
      {o.state === 'settled' && o.outcome && (
        <div class="order-row__foot">
          <span class={`badge ${o.outcome === 'win' ? 'badge--ok' : o.outcome === 'lose' ? 'badge--bad' : 'badge--plain'}`} data-field="outcome">
            {outcomes[o.outcome]}
          </span>
          <span class={`num trend-${trendOf(o.profit ?? '0')}`} data-field="profit">
            {profit}
          </span>
        </div>
      )}
    </li>
  );
}
