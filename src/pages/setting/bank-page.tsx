import { useState } from 'preact/hooks';
import { useStore } from '@nanostores/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BankCard, InternationalBankCard } from '../../../contract/api/wallet.ts';
import { fetchBankCard, fetchInternationalCard, saveCardAction } from '../../api/bank.ts';
import { regionName } from '../../lib/area-codes.ts';
import { $bankDrafts, clearBankDraft, setBankDraftField, type BankFormKind } from '../../stores/bank-draft.ts';
import { $localeTag } from '../../stores/lang.ts';
import { showToast } from '../../stores/toast.ts';
import { IconChevron } from '../../ui/icons.tsx';
import { ResourceView } from '../../ui/resource-view.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useResource } from '../../ui/use-resource.ts';
import { BANK_FIELDS, MASKED_FIELDS } from './bank-fields.ts';
import './setting.css';

type Card = BankCard | InternationalBankCard;
type Values = Record<string, string | undefined>;

/** The bank card for fiat withdrawals (/user/cash_info, /user/cash_save). */
export function BankPage() {
  return <BankScreen kind="bank" />;
}

/** The international card: SWIFT, ABA and the addresses a wire needs. */
export function BankInternationalPage() {
  return <BankScreen kind="bank_international" />;
}

function BankScreen({ kind }: { kind: BankFormKind }) {
  const card = useResource<Card | null>(kind === 'bank' ? fetchBankCard : fetchInternationalCard, [kind]);
  const draft = useStore($bankDrafts)[kind];
  // Back from the region picker with a draft: straight into the form.
  const [editing, setEditing] = useState(draft !== undefined);
  return (
    <div class="stack">
      <p class="muted">
        {kind === 'bank' ? (
          <Trans>Used for fiat withdrawals. The account holder must be you, as verified.</Trans>
        ) : (
          <Trans>For international wire transfers. The account holder must be you, as verified.</Trans>
        )}
      </p>
      <ResourceView resource={card}>
        {(saved) =>
          saved && !editing ? (
            <SavedCard kind={kind} card={saved as unknown as Values} onEdit={() => setEditing(true)} />
          ) : (
            <CardForm
              kind={kind}
              saved={saved as unknown as Values | null}
              onSaved={() => {
                setEditing(false);
                card.reload();
              }}
            />
          )
        }
      </ResourceView>
      {kind === 'bank' ? (
        <a class="link-center" href="#/pages/setting/bank_international">
          <Trans>Use an international bank account instead</Trans>
        </a>
      ) : (
        <a class="link-center" href="#/pages/setting/bank">
          <Trans>Use a domestic bank card instead</Trans>
        </a>
      )}
    </div>
  );
}

/** The card on file, as the server shows it (number and phone partly hidden). */
function SavedCard({ kind, card, onEdit }: { kind: BankFormKind; card: Values; onEdit: () => void }) {
  const { t, i18n } = useLingui();
  const tag = useStore($localeTag);
  const country = card.country ? regionName(card.country, tag) : '--';
  return (
    <section class="card stack" aria-label={t`Saved card`} data-saved-card={kind}>
      <dl class="facts">
        <div>
          <dt>{t`Country or region of the bank`}</dt>
          <dd>{country}</dd>
        </div>
        {BANK_FIELDS[kind].map((f) => (
          <div key={f.key}>
            <dt>{i18n._(f.label)}</dt>
            <dd class={MASKED_FIELDS.has(f.key) ? 'mono' : undefined}>{card[f.key] || '--'}</dd>
          </div>
        ))}
      </dl>
      <button type="button" class="btn btn--ghost btn--block" onClick={onEdit}>
        <Trans>Change card</Trans>
      </button>
    </section>
  );
}

function CardForm({ kind, saved, onSaved }: { kind: BankFormKind; saved: Values | null; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const tag = useStore($localeTag);
  const draft = useStore($bankDrafts)[kind] ?? {};
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [save] = useState(() => saveCardAction(kind === 'bank_international'));
  const fields = BANK_FIELDS[kind];
  // Masked values ("6222****1234") are never sent back: those fields are typed again.
  const value = (key: string) => draft[key] ?? (MASKED_FIELDS.has(key) ? undefined : saved?.[key]) ?? '';
  const country = value('country');

  const submit = () => {
    const out: Record<string, string> = {};
    const next: Record<string, string | null> = {};
    for (const f of fields) {
      const v = f.clean ? f.clean(value(f.key).trim()) : value(f.key).trim().replace(/\s+/g, ' ');
      out[f.key] = v;
      const problem = v ? (f.check?.(v) ?? null) : null;
      next[f.key] = !v ? t`This field is required` : problem ? i18n._(problem) : null;
    }
    next.country = country ? null : t`Please choose the country or region`;
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    save({ ...(out as unknown as Card), country }).then(
      () => {
        clearBankDraft(kind);
        showToast(t`Bank card saved`, 'success');
        onSaved();
      },
      () => undefined,
    );
  };

  return (
    <form class="form" onSubmit={(e) => e.preventDefault()} noValidate>
      <div class={errors.country ? 'field has-error' : 'field'}>
        <span class="field__label" id="country-label">
          <Trans>Country or region of the bank</Trans>
        </span>
        <a class="field__control field__control--link" href={`#/pages/setting/areas?form=${kind}`} aria-labelledby="country-label country-value" aria-describedby={errors.country ? 'country-error' : undefined} data-field="country">
          {/* The field's label, then what it holds: the name includes the text the link shows. */}
          <span id="country-value" class={country ? '' : 'muted'}>{country ? regionName(country, tag) : t`Choose`}</span>
          <IconChevron />
        </a>
        {errors.country && (
          <span class="field__error" id="country-error" role="alert">
            {errors.country}
          </span>
        )}
      </div>
      {fields.map((f) => (
        <TextField
          key={f.key}
          label={i18n._(f.label)}
          name={f.key}
          inputMode={f.inputMode}
          autoComplete={f.autoComplete}
          maxLength={f.maxLength}
          value={value(f.key)}
          onInput={(v) => setBankDraftField(kind, f.key, v)}
          error={errors[f.key] ?? null}
          placeholder={MASKED_FIELDS.has(f.key) && saved?.[f.key] ? saved[f.key] : f.placeholder ? i18n._(f.placeholder) : undefined}
        />
      ))}
      <SubmitButton onSubmit={submit}>{saved ? <Trans>Update card</Trans> : <Trans>Save card</Trans>}</SubmitButton>
    </form>
  );
}
