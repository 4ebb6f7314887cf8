import { useEffect, useId, useState } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { uploadImage } from '../../api/upload.ts';
import { submitRealAction, type IdType } from '../../api/verification.ts';
import { showToast } from '../../stores/toast.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { DOCUMENT_SIDE_PX, shrinkImage } from './shrink-image.ts';
import './setting.css';

/** A legal name, 2-50 characters: letters of any script with spaces, dots, apostrophes, middle dots and hyphens. */
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} .'·-]*[\p{L}\p{M}.]$/u;
const NAME_MIN = 2;
const NAME_MAX = 50;
/** Document numbers by type, upper-cased without spaces (the server checks the same). */
const ID_NUMBER: Record<IdType, RegExp> = {
  id_card: /^[A-Z0-9]{6,18}$/,
  passport: /^[A-Z0-9]{5,20}$/,
  driver_license: /^[A-Z0-9-]{5,20}$/,
};
const CARD_ID_MAX = 24;

/** Level 1: document type, name and number (real_type 1). */
export function Level1Form({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useLingui();
  const [idType, setIdType] = useState<IdType>('id_card');
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [errors, setErrors] = useState<{ name?: string | null; card_id?: string | null }>({});
  const [submit] = useState(submitRealAction);

  const send = () => {
    const n = name.trim().replace(/\s+/g, ' ');
    const id = cardId.replace(/\s/g, '').toUpperCase();
    const length = [...n].length;
    const next = {
      name: !n ? t`Please enter your full name` : length < NAME_MIN || length > NAME_MAX || !NAME_RE.test(n) ? t`Enter your name as it is written on the document` : null,
      card_id: !id ? t`Please enter the document number` : ID_NUMBER[idType].test(id) ? null : t`Please check the document number: letters and digits as printed on it`,
    };
    setErrors(next);
    if (next.name || next.card_id) return;
    submit({ real_type: 1, id_type: idType, name: n, card_id: id }).then(
      () => {
        showToast(t`Submitted for review`, 'success');
        onSubmitted();
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Basic verification`}>
      <SelectField
        label={t`Document type`}
        name="id_type"
        value={idType}
        options={[
          ['id_card', t`ID card`],
          ['passport', t`Passport`],
          ['driver_license', t`Driver's license`],
        ]}
        onChange={setIdType}
      />
      <TextField label={t`Full name`} name="name" autoComplete="name" value={name} onInput={setName} error={errors.name ?? null} maxLength={NAME_MAX} placeholder={t`As written on the document`} />
      <TextField label={t`Document number`} name="card_id" autoComplete="off" value={cardId} onInput={setCardId} error={errors.card_id ?? null} maxLength={CARD_ID_MAX} placeholder={t`Letters and digits only`} />
      <SubmitButton onSubmit={send}>
        <Trans>Submit</Trans>
      </SubmitButton>
    </form>
  );
}

interface Picked {
  path: string;
  preview: string;
}

/** One side of the document: pick a photo, it uploads at once and shows a preview. */
function DocumentPicker({ label, value, onPicked, error }: { label: string; value: Picked | null; onPicked: (picked: Picked) => void; error: string | null }) {
  const { t } = useLingui();
  const errorId = `${useId()}-error`;
  const [busy, setBusy] = useState(false);
  useEffect(() => () => value && URL.revokeObjectURL(value.preview), [value?.preview]);
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const blob = await shrinkImage(file, DOCUMENT_SIDE_PX);
      const path = await uploadImage(blob);
      onPicked({ path, preview: URL.createObjectURL(blob) });
    } catch {
      // uploadImage has already said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class={error ? 'field has-error' : 'field'}>
      <label class="doc-picker">
        <span class="field__label">{label}</span>
        <span class="doc-picker__box">
          {value ? <img src={value.preview} alt={t`${label} (preview)`} /> : <span class="muted">{busy ? t`Uploading…` : t`Tap to choose a photo`}</span>}
        </span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          class="visually-hidden"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => void pick(e.currentTarget as HTMLInputElement)}
        />
      </label>
      {error && (
        <span class="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Level 2: photos of the document's front and back (real_type 2). */
export function Level2Form({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useLingui();
  const [front, setFront] = useState<Picked | null>(null);
  const [back, setBack] = useState<Picked | null>(null);
  const [errors, setErrors] = useState<{ front?: string | null; back?: string | null }>({});
  const [submit] = useState(submitRealAction);

  const send = () => {
    const next = { front: front ? null : t`Please add a photo of the front`, back: back ? null : t`Please add a photo of the back` };
    setErrors(next);
    if (!front || !back) return;
    submit({ real_type: 2, front_pic: front.path, reverse_pic: back.path }).then(
      () => {
        showToast(t`Submitted for review`, 'success');
        onSubmitted();
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate aria-label={t`Advanced verification`}>
      <p class="muted">
        <Trans>Clear photos of the same document, all four corners visible, no glare.</Trans>
      </p>
      <div class="doc-pickers">
        <DocumentPicker label={t`Front side`} value={front} onPicked={setFront} error={errors.front ?? null} />
        <DocumentPicker label={t`Back side`} value={back} onPicked={setBack} error={errors.back ?? null} />
      </div>
      <SubmitButton onSubmit={send}>
        <Trans>Submit</Trans>
      </SubmitButton>
    </form>
  );
}
