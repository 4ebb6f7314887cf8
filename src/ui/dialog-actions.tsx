import type { ComponentChildren } from 'preact';
import { Trans } from '@lingui/react/macro';

/** A dialog's closing row: Cancel, and the button that does what the dialog asks (`danger` when that cannot be undone). */
export function DialogActions({
  onCancel,
  onConfirm,
  disabled = false,
  danger = false,
  children,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
  /** The confirm button's label. */
  children: ComponentChildren;
}) {
  return (
    <div class="dialog__actions">
      <button type="button" class="btn btn--ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      <button type="button" class={danger ? 'btn btn--danger' : 'btn btn--primary'} disabled={disabled} onClick={onConfirm}>
        {children}
      </button>
    </div>
  );
}
