import { Trans, useLingui } from '@lingui/react/macro';
import type { FuturesDeal, FuturesOrderType, PositionSide } from '../../../contract/api/contracts.ts';
import { ConfirmDialog, type Fact } from '../../ui/confirm-dialog.tsx';
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
  const facts: Fact[] = [
    { label: t`Symbol`, value: order.symbol },
    { label: t`Direction`, value: t`${direction} ${multiple}×`, tone: order.side === 'long' ? 'trend-up' : 'trend-down' },
    { label: t`Lots`, value: t`${lots} (${quantity})` },
    { label: t`Price`, value: order.price === null ? t`Market (≈ ${approx})` : fmt.price(order.price, tick) },
    { label: t`Take profit`, value: order.tp ? fmt.price(order.tp, tick) : t`Not set` },
    { label: t`Stop loss`, value: order.sl ? fmt.price(order.sl, tick) : t`Not set` },
    { label: t`Margin`, value: money(p?.margin) },
    { label: t`Fee`, value: money(p?.fee) },
    { label: t`Est. liquidation price`, value: p ? (p.liquidation_price === null ? t`None` : fmt.price(p.liquidation_price, tick)) : '…' },
  ];
  return (
    <ConfirmDialog
      title={t`Confirm order`}
      facts={facts}
      testId="futures-confirm"
      factsClass="futures-confirm"
      disabled={busy || previewing || (p !== null && !p.affordable)}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {p && !p.affordable && (
        <p class="futures-warning" role="alert">
          <Trans>Insufficient balance</Trans>
        </p>
      )}
    </ConfirmDialog>
  );
}
