import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountKind } from '../../../contract/api/account.ts';
import { login } from '../../api/account.ts';
import { HOME_PATH } from '../../lib/app-paths.ts';
import { navigate } from '../../lib/hash-route.ts';
import { validateEmail, validateMobile } from '../../lib/validate.ts';
import { startSession } from '../../stores/session.ts';
import { $areaCode, $stayLoggedIn } from '../../stores/preferences.ts';
import { AccountInput, KindSwitch } from '../../ui/account-input.tsx';
import { errorMessage } from '../../ui/error-messages.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import './common.css';

/** Only in-app paths are followed after login, never another origin. */
function safeRedirect(search: string): string {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  return target.startsWith('/') && !target.startsWith('//') ? target : HOME_PATH;
}

export function LoginPage() {
  const { t, i18n } = useLingui();
  const search = useSearch();
  const areaCode = useStore($areaCode);
  const stay = useStore($stayLoggedIn) === '1';
  const [kind, setKind] = useState<AccountKind>('email');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string | null; password?: string | null }>({});

  const submit = () => {
    const accountError = errorMessage(i18n, kind === 'email' ? validateEmail(account.trim()) : validateMobile(account.trim()));
    const passwordError = password ? null : t`Please enter your password`;
    setErrors({ account: accountError, password: passwordError });
    if (accountError || passwordError) return;
    login(account.trim(), password, stay, kind === 'mobile' ? areaCode : undefined).then(
      (token) => {
        startSession(token);
        navigate(safeRedirect(search), { replace: true });
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <p class="auth-lead">
        <Trans>Welcome back</Trans>
      </p>
      <KindSwitch kind={kind} onChange={setKind} />
      <AccountInput kind={kind} areaCode={areaCode} value={account} onInput={setAccount} error={errors.account ?? null} />
      <TextField label={t`Password`} name="password" type="password" autoComplete="current-password" value={password} onInput={setPassword} error={errors.password ?? null} placeholder={t`Please enter your password`} />
      <label class="checkbox">
        <input type="checkbox" checked={stay} onChange={(e) => $stayLoggedIn.set((e.currentTarget as HTMLInputElement).checked ? '1' : '0')} />
        <Trans>Stay logged in</Trans>
      </label>
      <SubmitButton onSubmit={submit}>
        <Trans>Log in</Trans>
      </SubmitButton>
      <div class="link-row">
        <a href="#/pages/common/forget">
          <Trans>Forgot password?</Trans>
        </a>
        <a href={`#/pages/common/register${search ? '?' + search : ''}`}>
          <Trans>Create an account</Trans>
        </a>
      </div>
    </form>
  );
}
