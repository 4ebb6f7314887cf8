import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MyFollow } from '../../../contract/api/copytrade.ts';
import { cancelFollowAction, fetchCancelPreview } from '../../api/copytrade.ts';
import { showToast } from '../../stores/toast.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { PreviewView } from '../shared/preview-view.tsx';
import { trendOf, useCopyFormat } from './copy-format.ts';

/**
 * Stopping a follow: the server's preview of the open copies, their PnL and the profit share each
 * choice settles, then the choice: close the copies now at the marks, or keep them open as self-held.
 */
export function StopFollowDialog({ follow, onClose, onStopped }: { follow: MyFollow; onClose: () => void; onStopped: () => void }) {
  const { t } = useLingui();
  const f = useCopyFormat();
  const preview = useResource(() => fetchCancelPreview(follow.trader_user_id), [follow.trader_user_id]);
  const [close, setClose] = useState(true);
  const [busy, setBusy] = useState(false);
  const [cancel] = useState(cancelFollowAction);
  const name = follow.nickname;
  const send = () => {
    if (busy) return;
    setBusy(true);
    cancel({ follow_user_id: follow.trader_user_id, close_positions: close ? 1 : 0 }).then(
      (result) => {
        setBusy(false);
        const closed = result.closed;
        const kept = result.kept;
        showToast(closed > 0 ? t`Stopped following ${name}; ${closed} copies closed` : kept > 0 ? t`Stopped following ${name}; ${kept} copies kept` : t`Stopped following ${name}`, 'success');
        onStopped();
      },
      () => {
        setBusy(false);
        onClose();
      },
    );
  };
  return (
    <Dialog title={t`Stop following ${name}?`} onClose={onClose}>
      <PreviewView resource={preview}>
        {(v) => (
          <>
            <dl class="facts" data-testid="stop-preview">
              <div>
                <dt>
                  <Trans>Open copies</Trans>
                </dt>
                <dd class="num" data-field="open-copies">
                  {v.open_copies}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Unrealised PnL</Trans>
                </dt>
                <dd class={`num ${trendOf(v.unrealised_pnl)}`}>{f.signed(v.unrealised_pnl)} USDT</dd>
              </div>
              <div>
                <dt>
                  <Trans>Realised PnL</Trans>
                </dt>
                <dd class={`num ${trendOf(v.realised_pnl)}`}>{f.signed(v.realised_pnl)} USDT</dd>
              </div>
              <div>
                <dt>{close ? <Trans>Profit share if closed now (estimate)</Trans> : <Trans>Profit share settled now</Trans>}</dt>
                <dd class="num" data-field="share">
                  {f.usdt(close ? v.profit_share_if_closed : v.profit_share_if_kept)} USDT
                </dd>
              </div>
            </dl>
            {v.open_copies > 0 && (
              <fieldset class="copy-choice">
                <legend class="field__label">
                  <Trans>Your open copies</Trans>
                </legend>
                <label class="checkbox">
                  <input type="radio" name="close" checked={close} onChange={() => setClose(true)} />
                  <span>
                    <Trans>Close them now at the mark price</Trans>
                  </span>
                </label>
                <label class="checkbox">
                  <input type="radio" name="close" checked={!close} onChange={() => setClose(false)} />
                  <span>
                    <Trans>Keep them open; they stop following the trader</Trans>
                  </span>
                </label>
              </fieldset>
            )}
          </>
        )}
      </PreviewView>
      <DialogActions onCancel={onClose} onConfirm={send} disabled={busy || preview.data === undefined} danger>
        <Trans>Stop following</Trans>
      </DialogActions>
    </Dialog>
  );
}
