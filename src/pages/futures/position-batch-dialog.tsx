import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BatchCloseType, FuturesPosition } from '../../../contract/api/contracts.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { DialogActions } from '../../ui/dialog-actions.tsx';

/** "Close all", "only longs", "only shorts": says how many positions will close at the market price before doing it. */
export function PositionBatchDialog({ type, positions, onCancel, onConfirm }: { type: BatchCloseType; positions: readonly FuturesPosition[]; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const count = positions.length;
  const titles: Record<BatchCloseType, string> = { all: t`Close all positions`, longs: t`Close all longs`, shorts: t`Close all shorts` };
  return (
    <Dialog title={titles[type]} onClose={onCancel}>
      <p data-testid="batch-count">{t`Positions to close: ${count}`}</p>
      <p class="muted">
        <Trans>Each closes at the market price; this cannot be undone.</Trans>
      </p>
      <DialogActions
        danger
        disabled={busy || count === 0}
        onCancel={onCancel}
        onConfirm={() => {
          setBusy(true);
          onConfirm();
        }}
      >
        <Trans>Close positions</Trans>
      </DialogActions>
    </Dialog>
  );
}
