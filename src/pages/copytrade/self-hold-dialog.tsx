import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CopyPosition } from '../../../contract/api/copytrade.ts';
import { selfHoldAction } from '../../api/copytrade.ts';
import { showToast } from '../../stores/toast.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { DialogActions } from '../../ui/dialog-actions.tsx';

/** Self-holding one copy: it stays open in the futures account and no longer follows the trader. */
export function SelfHoldDialog({ copy, onClose, onDone }: { copy: CopyPosition; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [hold] = useState(selfHoldAction);
  const name = copy.nickname;
  const symbol = copy.symbol;
  const send = () => {
    if (busy) return;
    setBusy(true);
    hold({ transaction_id: copy.id }).then(
      () => {
        setBusy(false);
        showToast(t`The ${symbol} copy is now held by you`, 'success');
        onDone();
      },
      () => {
        setBusy(false);
        onClose();
      },
    );
  };
  return (
    <Dialog title={t`Self-hold this copy?`} onClose={onClose}>
      <p>
        <Trans>
          The {symbol} position stays open in your futures account, but {name}'s later actions no longer change it: you close it yourself from the
          futures screen.
        </Trans>
      </p>
      <DialogActions onCancel={onClose} onConfirm={send} disabled={busy}>
        <Trans>Self-hold</Trans>
      </DialogActions>
    </Dialog>
  );
}
