import { Trans, useLingui } from '@lingui/react/macro';
import type { FuturesDeal, FuturesOrderType, PositionSide } from '../../../contract/api/contracts.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';

export interface ConfirmOrder {
  symbol: string;
  side: PositionSide;
  multiple: number;
  orderType: FuturesOrderType;
  lots: number;
  /** lots x lot size, in the base. */
  quantity: string;
  base: string;
  /** Limit price; null for market. */
  price: string | null;
  tp: string;
  sl: string;
}

/** The order as it will be sent, with margin, fee and liquidation price, before anything is sent. */
export function FuturesConfirmDialog({
  order,
  deal,
  previewing,
  quote,
  mark,
  busy,
  onCancel,
  onConfirm,
}: {
  order: ConfirmOrder;
  deal: FuturesDeal;
  previewing: boolean;
  quote: string;
  mark: string | null;
  /** The order is on its way: the confirm button waits. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const p = previewing ? null : deal.preview;
  const tick = deal.tick_size;
  const money = (v: string | undefined) => (v === undefined ? '…' : `${fmt.amount(v)} ${quote}`);
  const direction = order.side === 'long' ? t`Long` : t`Short`;
  const multiple = order.multiple;
  const quantity = `${fmt.amount(order.quantity, deal.lot_size)} ${order.base}`;
  const lots = order.lots;
  // The price the preview's margin was computed at (the server's deal price), else the live mark.
  const approx = fmt.price(p?.price ?? mark ?? deal.mark_price ?? undefined, tick);
  const rows: [string, string, string?][] = [
    [t`Symbol`, order.symbol],
    [t`Direction`, t`${direction} ${multiple}×`, order.side === 'long' ? 'trend-up' : 'trend-down'],
    [t`Lots`, t`${lots} (${quantity})`],
    [t`Price`, order.price === null ? t`Market (≈ ${approx})` : fmt.price(order.price, tick)],
    [t`Take profit`, order.tp ? fmt.price(order.tp, tick) : t`Not set`],
    [t`Stop loss`, order.sl ? fmt.price(order.sl, tick) : t`Not set`],
    [t`Margin`, money(p?.margin)],
    [t`Fee`, money(p?.fee)],
    [t`Est. liquidation price`, p ? (p.liquidation_price === null ? t`None` : fmt.price(p.liquidation_price, tick)) : '…'],
  ];
  return (
    <Dialog title={t`Confirm order`} onClose={onCancel}>
      <dl class="facts futures-confirm" data-testid="futures-confirm">
        {rows.map(([label, value, tone]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd class={`num ${tone ?? ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {p && !p.affordable && (
        <p class="futures-warning" role="alert">
          <Trans>Insufficient balance</Trans>
        </p>
      )}
      <div class="dialog__actions">
        <button type="button" class="btn btn--ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" class="btn btn--primary" disabled={busy || previewing || (p !== null && !p.affordable)} onClick={onConfirm}>
          <Trans>Confirm</Trans>
        </button>
      </div>
    </Dialog>
  );
}
