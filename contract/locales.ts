/** The spec's locale keys: what is stored under `lang` and sent as `lang`. */
export const LOCALES = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'trq'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47 tags for Intl formatting and the catalog's language. */
export const LOCALE_TAGS: Record<Locale, string> = {
  zh: 'zh-CN',
  en: 'en',
  hk: 'zh-HK',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
  trq: 'tr',
};

/** Each language's own name, shown in the language picker (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  zh: '简体中文',
  en: 'English',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
  trq: 'Türkçe',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
