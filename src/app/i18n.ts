import { i18n, type I18n, type Messages } from '@lingui/core';
import { LOCALE_TAGS, type Locale } from '../../contract/locales.ts';
import { messages as defaultStart } from '../../locales/en/messages.po?part=start';

/** Catalog chunk loaders by path, as import.meta.glob gives them. */
export type CatalogPart = Record<string, () => Promise<{ messages: Messages }>>;

export interface Catalogs {
  /** For the first paint: the locale with its start part only. The rest comes with restOfCatalog(). */
  startLocale(locale: Locale): Promise<void>;
  /**
   * Switches to a locale with its whole catalog: what is on screen then may be any screen. Answers
   * whether it did: false when another locale was asked for while this one loaded (the last asked wins).
   */
  activateLocale(locale: Locale): Promise<boolean>;
  /**
   * Resolves once the active locale's whole catalog is loaded: every screen but the start page waits
   * for it before rendering (route-table.ts). A failed load (offline before the part was ever
   * cached) is asked for again by the next caller.
   */
  restOfCatalog(): Promise<void>;
}

/**
 * Each locale's catalog is two chunks (scripts/vite/catalog-parts.ts): the start part holds the
 * messages of the shell and the home tab, the rest every other screen's. A first visit to the home
 * tab waits for the start part alone; only the active locale's parts are fetched.
 *
 * The rest merges quietly: `i18n.load` would re-render every translated component on screen (a long
 * task on a slow phone) for messages nothing there uses. Only when a message was asked for before
 * it landed does it re-render, to replace the ids shown; and since that means the start part missed
 * a message the first screens use, it says so on the console (the end-to-end tests fail on it).
 */
export function createCatalogs(target: I18n, parts: { start: CatalogPart; rest: CatalogPart }): Catalogs {
  const load = async (part: CatalogPart, locale: Locale): Promise<Messages> => {
    const loader = part[`../../locales/${locale}/messages.po`];
    return loader ? (await loader()).messages : {};
  };
  let active: Locale | undefined;
  /** The active locale's rest part: merged or loading; undefined when not asked for yet or failed. */
  let rest: Promise<void> | undefined;
  let missed = false;
  /** Bumped by each activateLocale: a catalog that lands after a later one was asked for is not put on screen. */
  let asked = 0;
  target.on('missing', ({ id, locale }) => {
    if (!active) return;
    missed = true;
    console.error(`i18n: message ${id} is not in the loaded catalog of ${locale}`);
  });

  const use = (locale: Locale, messages: Messages) => {
    active = locale;
    missed = false;
    // A copy: the rest is merged into it, and the part's module must keep its own messages.
    target.load(locale, { ...messages });
    // The locale key is the spec's (`kor`, `trq`...); Intl gets the proper BCP 47 tag.
    target.activate(locale, [LOCALE_TAGS[locale]]);
    document.documentElement.lang = LOCALE_TAGS[locale];
  };

  return {
    async startLocale(locale) {
      const messages = await load(parts.start, locale);
      rest = undefined;
      use(locale, messages);
    },
    async activateLocale(locale) {
      const ticket = ++asked;
      let start: Messages;
      let more: Messages;
      try {
        [start, more] = await Promise.all([load(parts.start, locale), load(parts.rest, locale)]);
      } catch (error) {
        // Given up for a later one: its failure is no longer the user's concern.
        if (ticket !== asked) return false;
        throw error;
      }
      // Two quick taps whose catalogs land out of order must end on the second.
      if (ticket !== asked) return false;
      rest = Promise.resolve();
      use(locale, { ...start, ...more });
      return true;
    },
    restOfCatalog() {
      if (rest) return rest;
      const locale = active;
      if (!locale) return Promise.resolve();
      const loading = load(parts.rest, locale).then(
        (messages) => {
          if (active !== locale) return;
          if (missed) target.load(locale, messages);
          else Object.assign(target.messages, messages);
        },
        (error: unknown) => {
          if (rest === loading) rest = undefined;
          throw error;
        },
      );
      rest = loading;
      return loading;
    },
  };
}

/**
 * The default locale's start part (`en`, DEFAULT_LOCALE in contract/locales.ts; the build fails if
 * they part, scripts/vite/startup-assets.ts) is imported statically: it is in the boot chunk, inside
 * index.html (scripts/vite/inline-boot.ts), so a first visit renders without waiting for a file
 * (1.8 kB that visitors of another locale carry unused). The glob leaves it out: a dynamic import
 * of a module in boot would need the bundler's runtime helpers as one more chunk.
 */
export const { startLocale, activateLocale, restOfCatalog } = createCatalogs(i18n, {
  start: {
    ...import.meta.glob<{ messages: Messages }>(['../../locales/*/messages.po', '!../../locales/en/messages.po'], { query: '?part=start' }),
    '../../locales/en/messages.po': () => Promise.resolve({ messages: defaultStart }),
  },
  rest: import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po', { query: '?part=rest' }),
});

export { i18n };
