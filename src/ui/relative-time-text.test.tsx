import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import { relativeTime } from '../lib/relative-time.ts';
import { RelativeTimeText } from './relative-time-text.tsx';
import { LOCALE_TAGS, LOCALES, type Locale } from '../../contract/locales.ts';

const MIN = 60_000;
const now = new Date(2024, 5, 15, 12, 0, 0).getTime();

/** The real compiled catalogs, as the app loads them (app/i18n.ts). */
const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po');
async function activate(locale: Locale, tag: string) {
  i18n.load(locale, (await catalogs[`../../locales/${locale}/messages.po`]!()).messages);
  i18n.activate(locale, [tag]);
}

const text = (msAgo: number) => {
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <RelativeTimeText value={relativeTime(now - msAgo, now)} />
    </I18nProvider>,
  );
  const out = container.textContent;
  cleanup();
  return out;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RelativeTimeText', () => {
  it('words each count with the plural forms of the language', async () => {
    await activate('en', 'en');
    expect([text(0), text(MIN * 5), text(60 * MIN), text(3 * 60 * MIN), text(24 * 60 * MIN), text(3 * 24 * 60 * MIN)]).toEqual([
      'just now',
      '5 minutes ago',
      '1 hour ago',
      '3 hours ago',
      'yesterday',
      '3 days ago',
    ]);
    await activate('fra', 'fr');
    expect([text(MIN * 5), text(60 * MIN), text(24 * 60 * MIN), text(2 * 24 * 60 * MIN)]).toEqual(['il y a 5 minutes', 'il y a 1 heure', 'hier', 'il y a 2 jours']);
    await activate('zh', 'zh-CN');
    expect([text(MIN * 5), text(3 * 60 * MIN), text(24 * 60 * MIN)]).toEqual(['5分钟前', '3小时前', '昨天']);
  });

  it('says one hour in each of the nine languages as its catalog does, and more hours apart where the language does', async () => {
    const said: Record<string, [string | null, string | null]> = {};
    for (const locale of LOCALES) {
      await activate(locale, LOCALE_TAGS[locale]);
      said[locale] = [text(60 * MIN), text(2 * 60 * MIN)];
    }
    expect(said).toEqual({
      zh: ['1小时前', '2小时前'],
      en: ['1 hour ago', '2 hours ago'],
      hk: ['1小時前', '2小時前'],
      th: ['1 ชั่วโมงที่ผ่านมา', '2 ชั่วโมงที่ผ่านมา'],
      jp: ['1時間前', '2時間前'],
      kor: ['1시간 전', '2시간 전'],
      fra: ['il y a 1 heure', 'il y a 2 heures'],
      spa: ['hace 1 hora', 'hace 2 horas'],
      trq: ['1 saat önce', '2 saat önce'],
    });
  });

  it('makes no Intl object whose first use loads ICU data', async () => {
    await activate('spa', 'es');
    const made = [vi.spyOn(Intl, 'NumberFormat'), vi.spyOn(Intl, 'RelativeTimeFormat'), vi.spyOn(Intl, 'DateTimeFormat'), vi.spyOn(Intl, 'PluralRules')];
    expect([text(MIN * 7), text(60 * MIN), text(24 * 60 * MIN), text(6 * 24 * 60 * MIN)]).toEqual(['hace 7 minutos', 'hace 1 hora', 'ayer', 'hace 6 días']);
    for (const spy of made) expect(spy).not.toHaveBeenCalled();
  });

  it('shows the date beyond 30 days', async () => {
    await activate('en', 'en');
    expect(text(40 * 24 * 60 * MIN)).toBe('2024-05-06');
  });
});
