import { Trans, useLingui } from '@lingui/react/macro';
import type { EarnOrder } from '../../../contract/api/invest.ts';
import { formatDate } from '../../lib/format-date.ts';
import { EarnOutcomes } from './earn-outcomes.tsx';
import { EARN_DIRECTIONS, EARN_STATES, ratePercent } from './earn-labels.ts';
import './earn.css';

const BADGE: Record<EarnOrder['state'], string> = { purchased: 'badge badge--wait', settling: 'badge badge--wait', completed: 'badge badge--ok', failed: 'badge badge--bad' };

/** One invest or dual order: its terms, both outcomes while held, what was paid once settled. */
export function EarnOrderCard({ order }: { order: EarnOrder }) {
  const { i18n } = useLingui();
  const rate = ratePercent(order.annual_rate);
  const days = order.days;
  return (
    <article class="card earn-order" data-testid={`earn-order-${order.id}`} data-state={order.state}>
      <header class="earn-order__head">
        <span class="earn-order__name">{order.name}</span>
        <span class={BADGE[order.state]}>{i18n._(EARN_STATES[order.state])}</span>
      </header>
      <dl class="earn-facts">
        <div>
          <dt>
            <Trans>Deposit</Trans>
          </dt>
          <dd class="num">
            {order.principal.amount} {order.principal.currency}
            {order.shares !== null && <Trans> ({order.shares} shares)</Trans>}
          </dd>
        </div>
        <div>
          <dt>{order.product === 'dual' ? i18n._(EARN_DIRECTIONS[order.direction]) : <Trans>Linked price</Trans>}</dt>
          <dd class="num">{order.strike_price}</dd>
        </div>
        <div>
          <dt>
            <Trans>Annual rate · term</Trans>
          </dt>
          <dd class="num">
            <Trans>
              {rate} · {days} days
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Bought</Trans>
          </dt>
          <dd class="num">{formatDate(order.created_at, 'yyyy-mm-dd hh:MM')}</dd>
        </div>
        {order.settle_price !== null && (
          <div>
            <dt>
              <Trans>Settlement price</Trans>
            </dt>
            <dd class="num">{order.settle_price}</dd>
          </div>
        )}
        {order.payout && (
          <div>
            <dt>
              <Trans>Paid</Trans>
            </dt>
            <dd class="num earn-order__paid" data-testid="earn-paid">
              {order.payout.amount} {order.payout.currency}
            </dd>
          </div>
        )}
        {order.earned && (
          <div>
            <dt>
              <Trans>Earned</Trans>
            </dt>
            <dd class="num">
              {order.earned.amount} {order.earned.currency}
            </dd>
          </div>
        )}
      </dl>
      {order.state !== 'completed' && <EarnOutcomes coin={order.coin_outcome} quote={order.quote_outcome} strike={order.strike_price} fixing={order.fixing} />}
    </article>
  );
}
