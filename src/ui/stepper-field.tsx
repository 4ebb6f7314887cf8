import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { IconMinus, IconPlus } from './market-icons.tsx';
import { useDecimalInput } from './use-decimal-input.ts';

/**
 * A decimal input between minus and plus buttons (one tick or lot per tap). The value is the string
 * typed, with the locale's decimal mark read as a point (use-decimal-input.ts); the caller
 * normalises and checks it.
 */
export function StepperField({
  label,
  value,
  onInput,
  onStep,
  unit,
  placeholder,
  error,
  disabled,
  decreaseLabel,
  increaseLabel,
  name,
}: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  onStep: (direction: 1 | -1) => void;
  unit?: ComponentChildren;
  placeholder?: string;
  error?: string | null;
  disabled?: boolean;
  decreaseLabel: string;
  increaseLabel: string;
  name?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const decimal = useDecimalInput(value, onInput);
  return (
    <div class={error ? 'field stepper has-error' : 'field stepper'}>
      <label class="field__label stepper__label" for={id}>
        {label}
      </label>
      <div class="field__control stepper__control">
        <button type="button" class="stepper__btn" onClick={() => onStep(-1)} disabled={disabled} aria-label={decreaseLabel}>
          <IconMinus />
        </button>
        <input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          value={decimal.value}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={(e) => decimal.onInput((e.currentTarget as HTMLInputElement).value)}
        />
        {unit && <span class="field__unit">{unit}</span>}
        <button type="button" class="stepper__btn" onClick={() => onStep(1)} disabled={disabled} aria-label={increaseLabel}>
          <IconPlus />
        </button>
      </div>
      {error && (
        <span class="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
