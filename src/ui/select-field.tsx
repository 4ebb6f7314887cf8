import { useId } from 'preact/hooks';

/** A labelled native select: the phone's own picker, accessible by default. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  name,
  error,
  placeholder,
}: {
  label: string;
  value: V | '';
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  name?: string;
  error?: string | null;
  /** Shown (and not selectable) while nothing is chosen. */
  placeholder?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div class={error ? 'field has-error' : 'field'}>
      <label class="field__label" for={id}>
        {label}
      </label>
      <div class="field__control field__control--select">
        <select
          id={id}
          name={name}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value as V)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <span class="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
