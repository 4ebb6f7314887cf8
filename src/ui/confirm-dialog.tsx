import type { ComponentChildren } from 'preact';
import { Trans } from '@lingui/react/macro';
import { Dialog } from './dialog.tsx';
import { DialogActions } from './dialog-actions.tsx';

/** One row of a confirmation: `tone` colours the value (trend-up, trend-down); `field` names it for tests. */
export interface Fact {
  label: string;
  value: string;
  tone?: string;
  field?: string;
}

/**
 * What an order or subscription will be, row by row, before anything is sent; `children` (a rule,
 * a warning) follow the rows. Cancel and the backdrop cancel; Confirm waits while `disabled`.
 */
export function ConfirmDialog({
  title,
  facts,
  testId,
  factsClass,
  disabled,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  facts: readonly Fact[];
  testId: string;
  /** Classes besides `facts` on the rows' list. */
  factsClass?: string;
  disabled: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ComponentChildren;
}) {
  return (
    <Dialog title={title} onClose={onCancel}>
      <dl class={factsClass ? `facts ${factsClass}` : 'facts'} data-testid={testId}>
        {facts.map(({ label, value, tone, field }) => (
          <div key={field ?? label}>
            <dt>{label}</dt>
            <dd class={tone ? `num ${tone}` : 'num'} data-field={field}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      <DialogActions onCancel={onCancel} onConfirm={onConfirm} disabled={disabled}>
        <Trans>Confirm</Trans>
      </DialogActions>
    </Dialog>
  );
}
