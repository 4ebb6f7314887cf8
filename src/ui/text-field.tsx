import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { useDecimalInput } from './use-decimal-input.ts';

export interface TextFieldProps {
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'password' | 'email' | 'tel' | 'number';
  name?: string;
  placeholder?: string;
  error?: string | null;
  autoComplete?: string;
  /** 'decimal': a decimal number, shown and typed with the locale's decimal mark (use-decimal-input.ts). */
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  maxLength?: number;
  /** Content inside the control after the input, such as a send-code button. */
  suffix?: ComponentChildren;
  /** Content before the input, such as the area code. */
  prefix?: ComponentChildren;
}

/** A labelled input with its error under it, announced to screen readers. */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const decimal = useDecimalInput(props.value, props.onInput);
  const { value, onInput } = props.inputMode === 'decimal' ? decimal : props;
  return (
    <div class={props.error ? 'field has-error' : 'field'}>
      <label class="field__label" for={id}>
        {props.label}
      </label>
      <div class="field__control">
        {props.prefix}
        <input
          id={id}
          name={props.name}
          type={(props.type ?? 'text') as 'text'}
          value={value}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
        />
        {props.suffix}
      </div>
      {props.error && (
        <span class="field__error" id={errorId} role="alert">
          {props.error}
        </span>
      )}
    </div>
  );
}
