import type { ComponentChildren } from 'preact';
import { useLingui } from '@lingui/react/macro';
import type { LockProduct } from '../../../contract/api/lockming.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';

/** A lock product's title line, in the list and on the lock form: coin and lock period, then what `children` add (a status badge). */
export function LockProductHead({ product: p, children }: { product: LockProduct; children?: ComponentChildren }) {
  const { t } = useLingui();
  const coin = p.currency;
  const days = p.lock_days;
  return (
    <div class="lock-product__head">
      <CoinIcon symbol={coin} size={28} />
      <strong>{coin}</strong>
      <span class="muted">{t`${days}-day lock`}</span>
      {children}
    </div>
  );
}
