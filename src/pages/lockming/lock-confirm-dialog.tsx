import { Trans, useLingui } from '@lingui/react/macro';
import type { LockPreview, LockProduct } from '../../../contract/api/lockming.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';
import { LockOutlook } from './lock-outlook.tsx';

/** The lock's confirmation: amount and terms, the server's preview, and what an early redemption costs. */
export function LockConfirmDialog({ product: p, preview, busy, onCancel, onConfirm }: { product: LockProduct; preview: LockPreview; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const rate = useRateText();
  const penalty = rate(p.penalty_rate);
  const days = p.lock_days;
  return (
    <Dialog title={t`Confirm lock`} onClose={onCancel}>
      <dl class="facts" data-testid="lock-confirm">
        <div>
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd class="num">
            {fmt.amount(preview.amount)} {preview.currency}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Lock period</Trans>
          </dt>
          <dd class="num">{t`${days} days`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Daily yield</Trans>
          </dt>
          <dd class="num">{rate(p.daily_yield)}</dd>
        </div>
      </dl>
      <LockOutlook preview={preview} />
      <p class="muted lock-rule">
        <Trans>Redeeming early costs {penalty} × remaining days × amount (at most the amount); dividends already received are kept.</Trans>
      </p>
      <DialogActions onCancel={onCancel} onConfirm={onConfirm} disabled={busy}>
        <Trans>Confirm</Trans>
      </DialogActions>
    </Dialog>
  );
}
