import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale, type Locale } from '../../contract/locales.ts';
import { persistentAtom } from './persistent.ts';
import { computed } from 'nanostores';

/** The spec's stored language key is `lang`. The app changes it through switchLang only. */
export const $lang = persistentAtom<Locale>('lang', DEFAULT_LOCALE, isLocale);

/** BCP 47 tag for Intl formatting. */
export const $localeTag = computed($lang, (lang) => LOCALE_TAGS[lang]);

/**
 * Loads a locale's whole catalog and puts it on screen, answering false when a later locale was
 * asked for meanwhile: app/i18n.ts's, set at boot (src/main.tsx).
 */
let loadCatalog: (locale: Locale) => Promise<boolean> = () => Promise.resolve(true);
export function setCatalogLoader(load: (locale: Locale) => Promise<boolean>): void {
  loadCatalog = load;
}

/**
 * The catalog first, then the key the reads carry and the device keeps. A catalog that cannot load
 * (offline, a language never used on this device) rejects and changes nothing: otherwise the screen
 * would stay in the old language while the reads asked for the new one, and the stored key would
 * leave the next start, offline, on a catalog it cannot load. A switch overtaken by a later one
 * changes nothing either: the key must name the catalog on screen.
 */
export async function switchLang(locale: Locale): Promise<void> {
  if (await loadCatalog(locale)) $lang.set(locale);
}
