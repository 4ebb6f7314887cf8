import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { register } from '../../api/account.ts';
import { LOGIN_PATH } from '../../lib/app-paths.ts';
import { navigate } from '../../lib/hash-route.ts';
import { showToast } from '../../stores/toast.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { AccountCodeFields, useAccountCodeForm } from './account-code-form.tsx';
import './common.css';

export function RegisterPage() {
  const { t } = useLingui();
  const form = useAccountCodeForm('register');
  const [invite, setInvite] = useState('');

  const submit = () => {
    const request = form.check();
    if (!request) return;
    register({ ...request, extension_code: invite.trim() || undefined }).then(
      () => {
        showToast(t`Registration successful, please log in`, 'success');
        navigate(LOGIN_PATH, { replace: true });
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <AccountCodeFields form={form} passwordLabel={t`Password`} />
      <TextField label={t`Invitation code (optional)`} name="invite" value={invite} onInput={setInvite} placeholder={t`Please enter the invitation code`} />
      <SubmitButton onSubmit={submit}>
        <Trans>Sign up</Trans>
      </SubmitButton>
      <div class="link-row">
        <span />
        <a href={'#' + LOGIN_PATH}>
          <Trans>Already have an account? Log in</Trans>
        </a>
      </div>
    </form>
  );
}
