import { useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchUserInfo, sendEmailCode, sendSmsCode } from '../../api/account.ts';
import { payPasswordAction } from '../../api/verification.ts';
import { validateCode, validateConfirmPassword, validatePassword } from '../../lib/validate.ts';
import { $user } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { CountdownButton } from '../../ui/countdown-button.tsx';
import { errorMessage } from '../../ui/error-messages.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useUser } from './use-user.ts';

type Field = 'code' | 'password' | 're_password';

/**
 * Sets or changes the payment password that confirms withdrawals and transfers. Either way it takes
 * a code sent to the bound email (or phone) for the scene pay_password, never the old password, so
 * a forgotten one can be replaced.
 */
export function PayPasswordPage() {
  const { t, i18n } = useLingui();
  const { user, failure, retry } = useUser();
  const [values, setValues] = useState<Record<Field, string>>({ code: '', password: '', re_password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [save] = useState(payPasswordAction);
  const set = (key: Field) => (value: string) => setValues((prev) => ({ ...prev, [key]: value }));

  // Without the profile the screen cannot say where the code goes, nor whether a password is set.
  if (!user) return failure ? <LoadError offline={failure.offline} onRetry={retry} /> : <PageLoading />;
  const target = user.email ?? (user.phone ? `+${user.area_code ?? ''} ${user.phone}` : '');
  const hasOne = user.has_pay_password === true;

  const sendCode = async (): Promise<number> => {
    const result = user.email ? await sendEmailCode(user.email, 'pay_password') : await sendSmsCode(user.area_code ?? '', user.phone ?? '', 'pay_password');
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
    save({ password: values.password, re_password: values.re_password, code: values.code.trim() }).then(
      () => {
        showToast(hasOne ? t`Payment password changed` : t`Payment password set`, 'success');
        setValues({ code: '', password: '', re_password: '' });
        fetchUserInfo().then((u) => $user.set(u), () => undefined);
        if (history.length > 1) history.back();
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <p class="muted">
        {hasOne ? (
          <Trans>Your payment password confirms withdrawals and transfers. Enter a code to set a new one.</Trans>
        ) : (
          <Trans>Set a payment password to confirm withdrawals and transfers. Keep it different from your login password.</Trans>
        )}
      </p>
      {target && (
        <p class="muted">
          <Trans>The code goes to {target}</Trans>
        </p>
      )}
      <TextField label={t`Verification code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.code} onInput={set('code')} error={errors.code ?? null} placeholder={t`Please enter the code`} suffix={<CountdownButton onSend={sendCode} />} />
      <TextField label={t`New payment password`} name="password" type="password" autoComplete="new-password" value={values.password} onInput={set('password')} error={errors.password ?? null} placeholder={t`At least 6 characters`} />
      <TextField label={t`Confirm payment password`} name="re_password" type="password" autoComplete="new-password" value={values.re_password} onInput={set('re_password')} error={errors.re_password ?? null} placeholder={t`Enter the password again`} />
      <SubmitButton onSubmit={submit}>{hasOne ? <Trans>Change payment password</Trans> : <Trans>Set payment password</Trans>}</SubmitButton>
    </form>
  );
}
