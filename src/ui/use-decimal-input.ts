import { useStore } from '@nanostores/react';
import { decimalForInput, decimalFromInput } from '../lib/format-number.ts';
import { $localeTag } from '../stores/lang.ts';

/**
 * A decimal input box in the page's language: its value (a plain decimal string, "0.5") is shown
 * with the locale's decimal mark ("0,5" in French, Spanish, Turkish), and what is typed comes back
 * plain, so forms keep one form of number whatever the language.
 */
export function useDecimalInput(value: string, onInput: (value: string) => void): { value: string; onInput: (typed: string) => void } {
  const locale = useStore($localeTag);
  return { value: decimalForInput(value, locale), onInput: (typed) => onInput(decimalFromInput(typed, locale)) };
}
