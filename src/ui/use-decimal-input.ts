import { useLingui } from '@lingui/react';
import { isLocale, LOCALE_TAGS } from '../../contract/locales.ts';
import { decimalForInput, decimalFromInput } from '../lib/format-number.ts';

/**
 * A decimal input box in the page's language (the active catalog's): its value (a plain decimal
 * string, "0.5") is shown with the locale's decimal mark ("0,5" in French, Spanish, Turkish), and
 * what is typed comes back plain, so forms keep one form of number whatever the language.
 */
export function useDecimalInput(value: string, onInput: (value: string) => void): { value: string; onInput: (typed: string) => void } {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? LOCALE_TAGS[i18n.locale] : 'en';
  return { value: decimalForInput(value, locale), onInput: (typed) => onInput(decimalFromInput(typed, locale)) };
}
