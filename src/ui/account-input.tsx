import { useLingui } from '@lingui/react/macro';
import type { AccountKind } from '../../contract/api/account.ts';
import { TextField } from './text-field.tsx';

/** Email or mobile (with the area code, which opens the area picker) as one field. */
export function AccountInput({
  kind,
  value,
  onInput,
  error,
  areaCode,
}: {
  kind: AccountKind;
  /** The dialling code shown before a mobile number; tapping it opens the area picker. */
  areaCode: string;
  value: string;
  onInput: (value: string) => void;
  error: string | null;
}) {
  const { t } = useLingui();
  if (kind === 'email') {
    return (
      <TextField label={t`Email`} name="email" type="email" inputMode="email" autoComplete="email" value={value} onInput={onInput} error={error} placeholder={t`Please enter your email`} />
    );
  }
  return (
    <TextField
      label={t`Mobile`}
      name="mobile"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      value={value}
      onInput={onInput}
      error={error}
      placeholder={t`Please enter your mobile number`}
      prefix={
        <a class="area-code" href="#/pages/common/area" aria-label={t`Country or region code +${areaCode}`}>
          +{areaCode}
        </a>
      }
    />
  );
}

export function KindSwitch({ kind, onChange }: { kind: AccountKind; onChange: (kind: AccountKind) => void }) {
  const { t } = useLingui();
  return (
    <div class="segmented" role="group" aria-label={t`Sign in with`}>
      <button type="button" aria-pressed={kind === 'email'} onClick={() => onChange('email')}>
        {t`Email`}
      </button>
      <button type="button" aria-pressed={kind === 'mobile'} onClick={() => onChange('mobile')}>
        {t`Mobile`}
      </button>
    </div>
  );
}
