import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import type { AccountKind, CodeScene } from '../../../contract/api/account.ts';
import { sendEmailCode, sendSmsCode, type SignUp } from '../../api/account.ts';
import { validateCode, validateConfirmPassword, validateEmail, validateMobile, validatePassword } from '../../lib/validate.ts';
import { $areaCode } from '../../stores/preferences.ts';
import { showToast } from '../../stores/toast.ts';
import { AccountInput, KindSwitch } from '../../ui/account-input.tsx';
import { CountdownButton } from '../../ui/countdown-button.tsx';
import { errorMessage } from '../../ui/error-messages.ts';
import { TextField } from '../../ui/text-field.tsx';

type Field = 'account' | 'code' | 'password' | 're_password';
type Values = Record<Field, string>;

/**
 * The part sign-up and password reset share: email or mobile, a code sent for `scene`, a password
 * and its confirmation. `check()` validates everything and returns the request, or null.
 */
export function useAccountCodeForm(scene: CodeScene) {
  const { i18n, t } = useLingui();
  const areaCode = useStore($areaCode);
  const [kind, setKind] = useState<AccountKind>('email');
  const [values, setValues] = useState<Values>({ account: '', code: '', password: '', re_password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const account = values.account.trim();
  const accountError = () => errorMessage(i18n, kind === 'email' ? validateEmail(account) : validateMobile(account));

  const sendCode = async (): Promise<number> => {
    const error = accountError();
    setErrors((prev) => ({ ...prev, account: error }));
    if (error) throw new Error(error);
    const result = kind === 'email' ? await sendEmailCode(account, scene) : await sendSmsCode(areaCode, account, scene);
    showToast(t`Verification code sent`, 'success');
    return result.resend_after;
  };

  const check = (): SignUp | null => {
    const next = {
      account: accountError(),
      code: errorMessage(i18n, validateCode(values.code.trim())),
      password: errorMessage(i18n, validatePassword(values.password)),
      re_password: errorMessage(i18n, validateConfirmPassword(values.password, values.re_password)),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return null;
    return {
      type: kind,
      user_string: account,
      area_code: kind === 'mobile' ? areaCode : undefined,
      code: values.code.trim(),
      password: values.password,
      re_password: values.re_password,
    };
  };

  const set = (key: Field) => (value: string) => setValues((prev) => ({ ...prev, [key]: value }));
  return { kind, setKind, areaCode, values, set, errors, sendCode, check };
}

export function AccountCodeFields({ form, passwordLabel }: { form: ReturnType<typeof useAccountCodeForm>; passwordLabel: string }) {
  const { t } = useLingui();
  const { kind, setKind, values, set, errors, sendCode } = form;
  return (
    <>
      <KindSwitch kind={kind} onChange={setKind} />
      <AccountInput kind={kind} areaCode={form.areaCode} value={values.account} onInput={set('account')} error={errors.account ?? null} />
      <TextField label={t`Verification code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.code} onInput={set('code')} error={errors.code ?? null} placeholder={t`Please enter the code`} suffix={<CountdownButton onSend={sendCode} />} />
      <TextField label={passwordLabel} name="password" type="password" autoComplete="new-password" value={values.password} onInput={set('password')} error={errors.password ?? null} placeholder={t`At least 6 characters`} />
      <TextField label={t`Confirm password`} name="re_password" type="password" autoComplete="new-password" value={values.re_password} onInput={set('re_password')} error={errors.re_password ?? null} placeholder={t`Enter the password again`} />
    </>
  );
}
