import { beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../contract/locales.ts';
import { $lang, setCatalogLoader, switchLang } from './lang.ts';

describe('switchLang', () => {
  beforeEach(() => $lang.set('en'));

  it('keeps the key on the catalog on screen: a switch overtaken by a later tap leaves it to that one', async () => {
    // app/i18n.ts answers false for a catalog that landed after a later one was asked for.
    const loads = new Map<Locale, (shown: boolean) => void>();
    setCatalogLoader((locale) => new Promise((resolve) => loads.set(locale, resolve)));
    const french = switchLang('fra');
    const japanese = switchLang('jp');
    loads.get('jp')!(true);
    await japanese;
    expect($lang.get()).toBe('jp');
    loads.get('fra')!(false);
    await french;
    expect($lang.get()).toBe('jp');
  });
});
