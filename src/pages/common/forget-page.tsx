import { Trans, useLingui } from '@lingui/react/macro';
import { forgetPassword } from '../../api/account.ts';
import { LOGIN_PATH } from '../../lib/app-paths.ts';
import { navigate } from '../../lib/hash-route.ts';
import { showToast } from '../../stores/toast.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { AccountCodeFields, useAccountCodeForm } from './account-code-form.tsx';

export function ForgetPage() {
  const { t } = useLingui();
  const form = useAccountCodeForm('forget');

  const submit = () => {
    const request = form.check();
    if (!request) return;
    forgetPassword(request).then(
      () => {
        showToast(t`Password reset, please log in`, 'success');
        navigate(LOGIN_PATH, { replace: true });
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <AccountCodeFields form={form} passwordLabel={t`New password`} />
      <SubmitButton onSubmit={submit}>
        <Trans>Reset password</Trans>
      </SubmitButton>
    </form>
  );
}
