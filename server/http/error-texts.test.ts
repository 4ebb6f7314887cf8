import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { LOCALES } from '../../contract/locales.ts';
import '../modules/modules.ts';
import { errorTexts } from './error-texts.ts';

const ERROR_TEXTS = Object.fromEntries(errorTexts());

describe('error texts', () => {
  it('has a text for every code in every locale', () => {
    const missing = ERROR_CODES.flatMap((code) => LOCALES.filter((locale) => !ERROR_TEXTS[code]?.[locale]?.trim()).map((locale) => `${code} ${locale}`));
    expect(missing).toEqual([]);
  });

  it('has no translation left in English', () => {
    const untranslated = ERROR_CODES.flatMap((code) =>
      LOCALES.filter((locale) => locale !== 'en' && ERROR_TEXTS[code]?.[locale] === ERROR_TEXTS[code]?.en).map((locale) => `${code} ${locale}`),
    );
    expect(untranslated).toEqual([]);
  });

  it('has no text for a code the contract does not declare', () => {
    expect(Object.keys(ERROR_TEXTS).filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});
