import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from './dialog.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

/**
 * Asks for the payment password before money leaves the account. `summary` restates what is about
 * to happen (amount, fee, receiver) so the user confirms knowingly.
 */
export function PayPasswordDialog({
  title,
  summary,
  onConfirm,
  onClose,
}: {
  title: string;
  summary?: ComponentChildren;
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!password) {
      setError(t`Please enter your payment password`);
      return;
    }
    setError(null);
    onConfirm(password);
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
        {summary}
        <TextField label={t`Payment password`} name="pay_password" type="password" autoComplete="off" value={password} onInput={setPassword} error={error} />
        <div class="dialog__actions">
          <button type="button" class="btn btn--ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <SubmitButton onSubmit={confirm}>
            <Trans>Confirm</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
