import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { debounceTap } from '../lib/debounce-tap.ts';

/** A submit button whose taps count at most once per 500 ms (section 9), so double taps send once. */
export function SubmitButton({
  children,
  onSubmit,
  disabled,
  variant = 'primary',
}: {
  children: ComponentChildren;
  onSubmit: () => void;
  disabled?: boolean;
  variant?: 'primary' | 'ghost' | 'danger';
}) {
  const handler = useMemo(() => debounceTap(onSubmit), [onSubmit]);
  return (
    <button type="submit" class={`btn btn--${variant} btn--block`} disabled={disabled} onClick={(e) => {
      e.preventDefault();
      handler();
    }}>
      {children}
    </button>
  );
}
