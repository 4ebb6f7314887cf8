import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LockOrder } from '../../../contract/api/lockming.ts';
import { fetchRedeemPreview, redeemAction } from '../../api/lockming.ts';
import { showToast } from '../../stores/toast.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { PreviewView } from '../shared/preview-view.tsx';
import { usePriceFormat } from '../shared/use-price-format.ts';
import { useRateText } from '../shared/use-rate-text.ts';

/**
 * Early redemption's confirmation: the server's preview (remaining days, penalty, what comes back),
 * computed as the redemption will be, and that dividends received are kept. Confirming redeems.
 */
export function LockRedeemDialog({ order, onClose, onRedeemed }: { order: LockOrder; onClose: () => void; onRedeemed: (order: LockOrder) => void }) {
  const { t } = useLingui();
  const fmt = usePriceFormat();
  const rate = useRateText();
  const preview = useResource(() => fetchRedeemPreview(order.id), [order.id]);
  const [busy, setBusy] = useState(false);
  const [redeem] = useState(redeemAction);
  const send = () => {
    if (busy) return;
    setBusy(true);
    redeem({ id: order.id }).then(
      (redeemed) => {
        setBusy(false);
        showToast(t`Redeemed`, 'success');
        onRedeemed(redeemed);
      },
      () => {
        setBusy(false);
        onClose();
      },
    );
  };
  const coin = order.currency;
  const penaltyRate = preview.data ? rate(preview.data.penalty_rate) : '';
  return (
    <Dialog title={t`Redeem early`} onClose={onClose}>
      <PreviewView resource={preview}>
        {(v) => (
          <>
            <dl class="facts" data-testid="redeem-preview">
              <div>
                <dt>
                  <Trans>Amount</Trans>
                </dt>
                <dd class="num">
                  {fmt.amount(v.amount)} {coin}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Remaining days</Trans>
                </dt>
                <dd class="num" data-field="remaining-days">
                  {v.remaining_days}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Penalty rate</Trans>
                </dt>
                <dd class="num">{t`${penaltyRate} per day`}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Penalty</Trans>
                </dt>
                <dd class="num trend-down" data-field="penalty">
                  -{fmt.amount(v.penalty)} {coin}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>You get back</Trans>
                </dt>
                <dd class="num" data-field="returned">
                  {fmt.amount(v.returned)} {coin}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Dividends received (kept)</Trans>
                </dt>
                <dd class="num trend-up">
                  {fmt.amount(v.dividends)} {coin}
                </dd>
              </div>
            </dl>
            <p class="muted lock-rule">
              <Trans>The penalty is the penalty rate × remaining days × amount, at most the amount. Dividends already received are yours to keep; no more are paid.</Trans>
            </p>
          </>
        )}
      </PreviewView>
      <DialogActions onCancel={onClose} onConfirm={send} disabled={busy || preview.data === undefined} danger>
        <Trans>Redeem now</Trans>
      </DialogActions>
    </Dialog>
  );
}
