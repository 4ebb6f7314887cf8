import { i18n, type Messages } from '@lingui/core';
import { LOCALE_TAGS, type Locale } from '../../contract/locales.ts';

/** Only the active locale's compiled catalog is fetched; each is its own chunk. */
const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po');

export async function activateLocale(locale: Locale): Promise<void> {
  const load = catalogs[`../../locales/${locale}/messages.po`];
  const messages = load ? (await load()).messages : {};
  i18n.load(locale, messages);
  // The locale key is the spec's (`kor`, `trq`...); Intl gets the proper BCP 47 tag.
  i18n.activate(locale, [LOCALE_TAGS[locale]]);
  document.documentElement.lang = LOCALE_TAGS[locale];
}

export { i18n };
