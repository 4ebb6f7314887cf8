import { useMemo, useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { sendEmailCode, sendSmsCode } from '../../api/account.ts';
import { bindEmailAction, bindMobileAction } from '../../api/verification.ts';
import { AREA_CODES, regionName } from '../../lib/area-codes.ts';
import { validateCode, validateEmail, validateMobile } from '../../lib/validate.ts';
import { $localeTag } from '../../stores/lang.ts';
import { $areaCode } from '../../stores/preferences.ts';
import { showToast } from '../../stores/toast.ts';
import { CountdownButton } from '../../ui/countdown-button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { errorMessage } from '../../ui/error-messages.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';

/** +86 numbers have 11 digits (section 5); elsewhere 5 to 15 digits after the area code. */
function mobileError(area: string, mobile: string): 'VALID.MOBILE' | true {
  if (area === '86') return validateMobile(mobile) === true ? true : 'VALID.MOBILE';
  return /^\d{5,15}$/.test(mobile) ? true : 'VALID.MOBILE';
}

/** Binds an email with a code sent to it (scene bind_email). */
export function BindEmailDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; code?: string | null }>({});
  const [bind] = useState(bindEmailAction);

  const send = async () => {
    const error = errorMessage(i18n, validateEmail(email.trim()));
    setErrors({ email: error });
    if (error) throw new Error(error);
    const result = await sendEmailCode(email.trim(), 'bind_email');
    showToast(t`Verification code sent`, 'success');
    return result.resend_after;
  };
  const submit = () => {
    const next = { email: errorMessage(i18n, validateEmail(email.trim())), code: errorMessage(i18n, validateCode(code.trim())) };
    setErrors(next);
    if (next.email || next.code) return;
    bind({ email: email.trim(), code: code.trim() }).then(
      () => {
        showToast(t`Email bound`, 'success');
        onDone();
      },
      () => undefined,
    );
  };
  return (
    <Dialog title={t`Bind email`} onClose={onClose}>
      <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
        <TextField label={t`Email`} name="email" type="email" inputMode="email" autoComplete="email" value={email} onInput={setEmail} error={errors.email ?? null} placeholder={t`Please enter your email`} />
        <TextField label={t`Verification code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onInput={setCode} error={errors.code ?? null} placeholder={t`Please enter the code`} suffix={<CountdownButton onSend={send} />} />
        <SubmitButton onSubmit={submit}>
          <Trans>Bind</Trans>
        </SubmitButton>
      </form>
    </Dialog>
  );
}

/** Binds a mobile number with an SMS code (scene bind_mobile). */
export function BindPhoneDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const tag = useStore($localeTag);
  const [area, setArea] = useState($areaCode.get());
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string | null; code?: string | null }>({});
  const [bind] = useState(bindMobileAction);
  const areas = useMemo(() => {
    const seen = new Set<string>();
    return AREA_CODES.map(([region, dial]) => ({ region, dial, name: regionName(region, tag) }))
      .sort((a, b) => a.name.localeCompare(b.name, tag))
      .filter((row) => (seen.has(row.dial) ? false : (seen.add(row.dial), true)))
      .map((row) => [row.dial, `${row.name} +${row.dial}`] as const);
  }, [tag]);

  const send = async () => {
    const error = errorMessage(i18n, mobileError(area, mobile.trim()));
    setErrors({ mobile: error });
    if (error) throw new Error(error);
    const result = await sendSmsCode(area, mobile.trim(), 'bind_mobile');
    showToast(t`Verification code sent`, 'success');
    return result.resend_after;
  };
  const submit = () => {
    const next = { mobile: errorMessage(i18n, mobileError(area, mobile.trim())), code: errorMessage(i18n, validateCode(code.trim())) };
    setErrors(next);
    if (next.mobile || next.code) return;
    bind({ area_code: area, mobile: mobile.trim(), code: code.trim() }).then(
      () => {
        showToast(t`Phone bound`, 'success');
        onDone();
      },
      () => undefined,
    );
  };
  return (
    <Dialog title={t`Bind phone`} onClose={onClose}>
      <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
        <SelectField label={t`Country or region code`} name="area_code" value={area} options={areas} onChange={setArea} />
        <TextField label={t`Mobile`} name="mobile" type="tel" inputMode="tel" autoComplete="tel-national" value={mobile} onInput={setMobile} error={errors.mobile ?? null} placeholder={t`Please enter your mobile number`} />
        <TextField label={t`Verification code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onInput={setCode} error={errors.code ?? null} placeholder={t`Please enter the code`} suffix={<CountdownButton onSend={send} />} />
        <SubmitButton onSubmit={submit}>
          <Trans>Bind</Trans>
        </SubmitButton>
      </form>
    </Dialog>
  );
}
