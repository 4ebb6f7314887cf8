import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale, type Locale } from '../../contract/locales.ts';
import { persistentAtom } from './persistent.ts';
import { computed } from 'nanostores';

/** The spec's stored language key is `lang`. */
export const $lang = persistentAtom<Locale>('lang', DEFAULT_LOCALE, isLocale);

/** BCP 47 tag for Intl formatting. */
export const $localeTag = computed($lang, (lang) => LOCALE_TAGS[lang]);
