import { Trans, useLingui } from '@lingui/react/macro';
import type { LockOrder } from '../../../contract/api/lockming.ts';
import { formatDate } from '../../lib/format-date.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';
import { CATEGORY_LABELS, ORDER_STATES } from './lock-labels.ts';

const when = (iso: string | null) => (iso ? formatDate(iso, 'yyyy-mm-dd hh:MM') : '--');

/** One order: amount and terms, dividends received so far, the next dividend and maturity; early redemption while in progress. */
export function LockOrderRow({ order: o, online, onRedeem }: { order: LockOrder; online: boolean; onRedeem: (order: LockOrder) => void }) {
  const { t, i18n } = useLingui();
  const fmt = usePriceFormat();
  const rate = useRateText();
  const coin = o.currency;
  const paid = o.days_paid;
  const days = o.lock_days;
  const locked = o.state === 'locked';
  const stateClass = locked ? 'badge--wait' : o.state === 'matured' ? 'badge--ok' : 'badge--bad';
  return (
    <li class="record lock-order" data-order={o.id} data-state={o.state}>
      <div class="lock-order__head">
        <strong class="num">
          {fmt.amount(o.amount)} {coin}
        </strong>
        <span class="muted">{i18n._(CATEGORY_LABELS[o.category])}</span>
        <span class={`badge ${stateClass}`}>{i18n._(ORDER_STATES[o.state])}</span>
      </div>
      <dl class="lock-order__grid">
        <div>
          <dt>
            <Trans>Daily yield</Trans>
          </dt>
          <dd class="num">{rate(o.daily_yield)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Dividends received</Trans>
          </dt>
          <dd class="num trend-up" data-field="dividends">
            {fmt.amount(o.dividends)} {coin}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Days paid</Trans>
          </dt>
          <dd class="num" data-field="days-paid">
            {t`${paid} of ${days}`}
          </dd>
        </div>
        {locked ? (
          <>
            <div>
              <dt>
                <Trans>Next dividend</Trans>
              </dt>
              <dd class="num">{when(o.next_dividend_at)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Matures</Trans>
              </dt>
              <dd class="num">{when(o.matures_at)}</dd>
            </div>
          </>
        ) : (
          <>
            <div>
              <dt>
                <Trans>Returned</Trans>
              </dt>
              <dd class="num" data-field="returned">
                {fmt.amount(o.returned ?? '0')} {coin}
              </dd>
            </div>
            {o.penalty !== null && (
              <div>
                <dt>
                  <Trans>Penalty</Trans>
                </dt>
                <dd class="num trend-down" data-field="penalty">
                  -{fmt.amount(o.penalty)} {coin}
                </dd>
              </div>
            )}
            <div>
              <dt>
                <Trans>Ended at</Trans>
              </dt>
              <dd class="num">{when(o.ended_at)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>
            <Trans>Locked at</Trans>
          </dt>
          <dd class="num">{when(o.created_at)}</dd>
        </div>
      </dl>
      {locked && (
        <div class="lock-order__foot">
          {!online && (
            <span class="muted">
              <Trans>Redeeming needs the network</Trans>
            </span>
          )}
          <button type="button" class="btn btn--small btn--ghost" disabled={!online} onClick={() => onRedeem(o)}>
            <Trans>Redeem early</Trans>
          </button>
        </div>
      )}
    </li>
  );
}
