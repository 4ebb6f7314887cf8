import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderState, SpotOrder } from '../../../contract/api/market.ts';
import { cancelOrder } from '../../api/spot.ts';
import { formatDate } from '../../lib/format-date.ts';
import { showToast } from '../../stores/toast.ts';
import { usePriceFormat } from '../shared/use-price-format.ts';

/** One spot order: side, type, pair, price, amount and fill, state, and cancel while it is open. */
export function SpotOrderRow({ order, onCancelled }: { order: SpotOrder; onCancelled: (order: SpotOrder) => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const [busy, setBusy] = useState(false);
  const id = order.id;
  const open = order.state === 'open' || order.state === 'partial';
  const [base = '', quote = ''] = order.symbol.split('/');
  const states: Record<OrderState, string> = {
    open: t`Open`,
    partial: t`Partly filled`,
    filled: t`Filled`,
    cancelled: t`Cancelled`,
  };
  const cancel = () => {
    setBusy(true);
    cancelOrder(order.id).then(
      (cancelled) => {
        showToast(t`Order cancelled`, 'success');
        onCancelled(cancelled);
      },
      () => setBusy(false),
    );
  };
  return (
    <li class="order-row" data-order={order.id} data-state={order.state}>
      <div class="order-row__line">
        <span class={`order-row__side ${order.side === 'buy' ? 'trend-up' : 'trend-down'}`}>{order.side === 'buy' ? <Trans>Buy</Trans> : <Trans>Sell</Trans>}</span>
        <strong>{order.symbol}</strong>
        <span class="muted">{order.kind === 'limit' ? t({ message: 'Limit', context: 'order type' }) : t({ message: 'Market', context: 'order type' })}</span>
        <span class="order-row__time muted">{formatDate(order.created_at, 'mm-dd hh:MM:ss')}</span>
      </div>
      <dl class="order-row__grid">
        <div>
          <dt>{t`Price (${quote})`}</dt>
          <dd class="num">{order.price === null ? t({ message: 'Market', context: 'order type' }) : fmt.price(order.price)}</dd>
        </div>
        <div>
          <dt>{t`Filled / Amount (${base})`}</dt>
          <dd class="num" data-field="filled">
            {fmt.amount(order.filled)} / {fmt.amount(order.amount)}
          </dd>
        </div>
        <div>
          <dt>{t`Average price`}</dt>
          <dd class="num">{order.avg_price === '0' ? '--' : fmt.price(order.avg_price)}</dd>
        </div>
      </dl>
      <div class="order-row__foot">
        <span class={`badge ${order.state === 'filled' ? 'badge--ok' : order.state === 'cancelled' ? '' : 'badge--wait'}`} data-field="state">
          {states[order.state]}
        </span>
        {open && (
          <button type="button" class="btn btn--small btn--ghost" disabled={busy} onClick={cancel} aria-label={t`Cancel order ${id}`}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </li>
  );
}
