import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupI18n, type Messages } from '@lingui/core';
import { createCatalogs, type CatalogPart } from './i18n.ts';

const path = (locale: string) => `../../locales/${locale}/messages.po`;

/** Parts whose loads resolve when the test says so, with the number of loads made. */
function parts(catalogs: Record<string, { start: Messages; rest: Messages }>) {
  const loads = { start: 0, rest: 0 };
  const gates: Record<string, { open: () => void; fail: (error: Error) => void }[]> = {};
  const part = (name: 'start' | 'rest'): CatalogPart =>
    Object.fromEntries(
      Object.entries(catalogs).map(([locale, catalog]) => [
        path(locale),
        () => {
          loads[name] += 1;
          if (name === 'start') return Promise.resolve({ messages: catalog.start });
          return new Promise<{ messages: Messages }>((resolve, reject) => {
            (gates[locale] ??= []).push({ open: () => resolve({ messages: catalog.rest }), fail: reject });
          });
        },
      ]),
    );
  return { start: part('start'), rest: part('rest'), loads, gates };
}

const CATALOGS = {
  en: { start: { home: 'Home' }, rest: { faq: 'FAQ' } },
  fra: { start: { home: 'Accueil' }, rest: { faq: 'Questions' } },
};

afterEach(() => vi.restoreAllMocks());

describe('catalog parts', () => {
  it('starts with the start part alone and merges the rest without re-rendering', async () => {
    const i18n = setupI18n();
    const source = parts(CATALOGS);
    const catalogs = createCatalogs(i18n, source);
    await catalogs.startLocale('en');
    expect(i18n._('home')).toBe('Home');
    expect(source.loads).toEqual({ start: 1, rest: 0 });

    const changes = vi.fn();
    i18n.on('change', changes);
    const rest = catalogs.restOfCatalog();
    expect(catalogs.restOfCatalog()).toBe(rest);
    source.gates.en![0]!.open();
    await rest;
    expect(i18n._('faq')).toBe('FAQ');
    expect(changes).not.toHaveBeenCalled();
    expect(source.loads.rest).toBe(1);
    expect(document.documentElement.lang).toBe('en');
  });

  it('re-renders once the rest lands when a message was missed meanwhile, and reports it', async () => {
    const i18n = setupI18n();
    const source = parts(CATALOGS);
    const catalogs = createCatalogs(i18n, source);
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await catalogs.startLocale('en');
    const rest = catalogs.restOfCatalog();
    expect(i18n._('faq')).toBe('faq');
    expect(console_).toHaveBeenCalledWith(expect.stringContaining('faq'));

    const changes = vi.fn();
    i18n.on('change', changes);
    source.gates.en![0]!.open();
    await rest;
    expect(changes).toHaveBeenCalledTimes(1);
    expect(i18n._('faq')).toBe('FAQ');
  });

  it('asks again after a failed load', async () => {
    const i18n = setupI18n();
    const source = parts(CATALOGS);
    const catalogs = createCatalogs(i18n, source);
    await catalogs.startLocale('en');
    const first = catalogs.restOfCatalog();
    source.gates.en![0]!.fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');

    const second = catalogs.restOfCatalog();
    expect(second).not.toBe(first);
    source.gates.en![1]!.open();
    await second;
    expect(i18n._('faq')).toBe('FAQ');
  });

  it('switches locale with the whole catalog, and a late rest part of the old one changes nothing', async () => {
    const i18n = setupI18n();
    const source = parts(CATALOGS);
    const catalogs = createCatalogs(i18n, source);
    await catalogs.startLocale('en');
    const oldRest = catalogs.restOfCatalog();

    const switched = catalogs.activateLocale('fra');
    await Promise.resolve();
    source.gates.fra![0]!.open();
    await switched;
    expect(i18n.locale).toBe('fra');
    expect([i18n._('home'), i18n._('faq')]).toEqual(['Accueil', 'Questions']);
    expect(document.documentElement.lang).toBe('fr');
    // Already whole: nothing more to load.
    await catalogs.restOfCatalog();
    expect(source.loads.rest).toBe(2);

    source.gates.en![0]!.open();
    await oldRest;
    expect(i18n.locale).toBe('fra');
    expect(i18n._('faq')).toBe('Questions');
  });

  it('ends on the locale asked for last when two catalogs land out of order; one given up says so, even failing', async () => {
    const i18n = setupI18n();
    const source = parts({ ...CATALOGS, jp: { start: { home: 'ホーム' }, rest: { faq: '質問' } } });
    const catalogs = createCatalogs(i18n, source);
    await catalogs.startLocale('en');

    const first = catalogs.activateLocale('fra');
    const second = catalogs.activateLocale('jp');
    source.gates.jp![0]!.open();
    expect(await second).toBe(true);
    source.gates.fra![0]!.open();
    expect(await first).toBe(false);
    expect(i18n.locale).toBe('jp');
    expect([i18n._('home'), i18n._('faq')]).toEqual(['ホーム', '質問']);
    expect(document.documentElement.lang).toBe('ja');

    const given = catalogs.activateLocale('fra');
    const last = catalogs.activateLocale('en');
    source.gates.fra![1]!.fail(new Error('offline'));
    expect(await given).toBe(false);
    source.gates.en![0]!.open();
    expect(await last).toBe(true);
    expect(i18n.locale).toBe('en');
  });

  it('resolves at once before any locale is started (a screen warmed before the first paint)', async () => {
    const source = parts(CATALOGS);
    const catalogs = createCatalogs(setupI18n(), source);
    await catalogs.restOfCatalog();
    expect(source.loads.rest).toBe(0);
  });
});
