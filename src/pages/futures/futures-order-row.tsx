import { useLingui } from '@lingui/react/macro';
import type { FuturesPosition } from '../../../contract/api/contracts.ts';
import { addDecimal, isDecimalString } from '../../lib/decimal.ts';
import { formatDate } from '../../lib/format-date.ts';
import { trendOf } from '../../ui/change-text.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { isPositive } from '../shared/is-positive.ts';
import { CLOSE_REASON_LABELS, POSITION_STATE_LABELS } from './lever-labels.ts';
import { PositionTitle } from './position-title.tsx';

const BADGE: Record<FuturesPosition['state'], string> = { pending: 'badge--wait', open: 'badge--ok', closed: 'badge--plain', cancelled: 'badge--plain' };
const REASON_BADGE: Record<NonNullable<FuturesPosition['close_reason']>, string> = { manual: 'badge--plain', tp: 'badge--ok', sl: 'badge--bad', liquidation: 'badge--bad' };

/** One futures order in the history: prices, lots, PnL (realised once closed), fees and why it closed. */
export function FuturesOrderRow({ position: p }: { position: FuturesPosition }) {
  const { t, i18n } = useLingui();
  const fmt = usePriceFormat();
  const [, quote = ''] = p.symbol.split('/');
  const fees = isDecimalString(p.handling_fee) && isDecimalString(p.overnight_fee) ? addDecimal(p.handling_fee, p.overnight_fee) : p.handling_fee;
  const closed = p.state === 'closed';
  const time = p.close_time ?? p.open_time ?? p.created_at;
  const cells: [string, string, string?][] = [
    [t`Lots`, String(p.lots)],
    p.open_price === null
      ? [t`Limit price`, fmt.price(p.target_price ?? undefined)]
      : [t`Open price`, fmt.price(p.open_price)],
    [closed ? t`Close price` : t`Mark price`, fmt.price(p.current_price ?? undefined)],
    [t`Margin`, fmt.amount(p.margin)],
    [t`Fees`, fmt.amount(fees)],
  ];
  if (p.state !== 'cancelled') {
    cells.push([closed ? t`Realised PnL` : t`Unrealised PnL`, `${isPositive(p.profit) ? '+' : ''}${fmt.amount(p.profit)} ${quote}`, `trend-${trendOf(p.profit)}`]);
  }
  return (
    <li class="order-row" data-position={p.id} data-state={p.state}>
      <div class="order-row__line">
        <PositionTitle position={p} />
        <span class="order-row__time muted">{formatDate(time, 'mm-dd hh:MM:ss')}</span>
      </div>
      <dl class="order-row__grid">
        {cells.map(([label, value, tone]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd class={`num ${tone ?? ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div class="order-row__foot futures-order-row__badges">
        <span class={`badge ${BADGE[p.state]}`} data-field="state">
          {i18n._(POSITION_STATE_LABELS[p.state])}
        </span>
        {p.close_reason && (
          <span class={`badge ${REASON_BADGE[p.close_reason]}`} data-field="reason" data-reason={p.close_reason}>
            {i18n._(CLOSE_REASON_LABELS[p.close_reason])}
          </span>
        )}
      </div>
    </li>
  );
}
