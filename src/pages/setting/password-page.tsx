import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { sendEmailCode, sendSmsCode, updatePassword } from '../../api/account.ts';
import { LOGIN_PATH } from '../../lib/app-paths.ts';
import { navigate } from '../../lib/hash-route.ts';
import { validateCode, validateConfirmPassword, validatePassword } from '../../lib/validate.ts';
import { endSession } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { CountdownButton } from '../../ui/countdown-button.tsx';
import { errorMessage } from '../../ui/error-messages.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useUser } from './use-user.ts';

type Field = 'code' | 'password' | 're_password';

/** Changing the login password needs a code sent to the bound email (or phone), and ends every session. */
export function PasswordPage() {
  const { t, i18n } = useLingui();
  const { user, failure, retry, ensure } = useUser();
  const [values, setValues] = useState<Record<Field, string>>({ code: '', password: '', re_password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const set = (key: Field) => (value: string) => setValues((prev) => ({ ...prev, [key]: value }));
  const target = user?.email ?? (user?.phone ? `+${user.area_code ?? ''} ${user.phone}` : '');

  const sendCode = async (): Promise<number> => {
    // The boot's read of the profile may have failed: read it now rather than send nowhere.
    const to = user ?? (await ensure());
    const result = to.email
      ? await sendEmailCode(to.email, 'update_password')
      : await sendSmsCode(to.area_code ?? '', to.phone ?? '', 'update_password');
    showToast(t`Verification code sent`, 'success');
    return result.resend_after;
  };

  const submit = () => {
    const next = {
      code: errorMessage(i18n, validateCode(values.code.trim())),
      password: errorMessage(i18n, validatePassword(values.password)),
      re_password: errorMessage(i18n, validateConfirmPassword(values.password, values.re_password)),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    updatePassword(values.password, values.re_password, values.code.trim()).then(
      () => {
        endSession();
        showToast(t`Password changed, please log in again`, 'success');
        navigate(LOGIN_PATH, { replace: true });
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      {failure && <LoadError offline={failure.offline} onRetry={retry} />}
      {target && (
        <p class="muted">
          <Trans>The code goes to {target}</Trans>
        </p>
      )}
      <TextField label={t`Verification code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.code} onInput={set('code')} error={errors.code ?? null} placeholder={t`Please enter the code`} suffix={<CountdownButton onSend={sendCode} />} />
      <TextField label={t`New password`} name="password" type="password" autoComplete="new-password" value={values.password} onInput={set('password')} error={errors.password ?? null} placeholder={t`At least 6 characters`} />
      <TextField label={t`Confirm password`} name="re_password" type="password" autoComplete="new-password" value={values.re_password} onInput={set('re_password')} error={errors.re_password ?? null} placeholder={t`Enter the password again`} />
      <SubmitButton onSubmit={submit}>
        <Trans>Change password</Trans>
      </SubmitButton>
    </form>
  );
}
