import { useLingui } from '@lingui/react/macro';
import type { FuturesPosition } from '../../../contract/api/contracts.ts';

/** "Long 10×" badge in the direction's colour, then the symbol (and "Limit" for a limit order). */
export function PositionTitle({ position: p }: { position: FuturesPosition }) {
  const { t } = useLingui();
  const multiple = p.multiple;
  return (
    <span class="position-title">
      <span class={`position-title__side position-title__side--${p.type}`}>{p.type === 'long' ? t`Long ${multiple}×` : t`Short ${multiple}×`}</span>
      <strong>{p.symbol}</strong>
      {p.order_type === 'limit' && p.state === 'pending' && <span class="muted">{t({ message: 'Limit', context: 'order type' })}</span>}
    </span>
  );
}
