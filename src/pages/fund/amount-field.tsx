import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui/text-field.tsx';

/** An amount box: decimal keyboard, the currency after it, and "All" to fill in what is available. */
export function AmountField({
  label,
  value,
  onInput,
  error,
  currency,
  onAll,
  placeholder,
}: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  error: string | null;
  currency: string;
  onAll?: () => void;
  placeholder?: string;
}) {
  const { t } = useLingui();
  const allHint = useId();
  return (
    <TextField
      label={label}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onInput={onInput}
      error={error}
      placeholder={placeholder ?? t`Please enter the amount`}
      suffix={
        <>
          <span class="field__unit">{currency}</span>
          {/* Named by its visible word (what voice control users say), described by what it does. */}
          {onAll && (
            <>
              <button type="button" class="link-btn" onClick={onAll} aria-describedby={allHint}>
                <Trans>All</Trans>
              </button>
              <span id={allHint} class="visually-hidden">
                {t`Use the whole available balance`}
              </span>
            </>
          )}
        </>
      }
    />
  );
}

/** Label and value pairs: fee, minimum, what arrives. */
export function Facts({ rows, label }: { rows: readonly (readonly [string, ComponentChildren])[]; label?: string }) {
  return (
    <dl class="facts" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd class="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
