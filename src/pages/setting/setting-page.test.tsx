import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../../contract/locales.ts';
import { $lang, setCatalogLoader } from '../../stores/lang.ts';
import { SettingPage } from './setting-page.tsx';

const english = import.meta.glob<{ messages: Messages }>('../../../locales/en/messages.po');

// Its currencies come from IndexedDB, which has nothing to do with the language.
vi.mock('./fiat-picker.tsx', () => ({ FiatSetting: () => null }));

/** Does `what`, then lets the switch's promise chain run out and the page render. */
const settle = (what: () => void) =>
  act(async () => {
    what();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

afterEach(() => {
  cleanup();
  $lang.set('en');
});

describe('SettingPage', () => {
  it('keeps the last language tapped checked while its catalog loads, whatever an earlier tap does meanwhile', async () => {
    const loads = new Map<Locale, (shown: boolean) => void>();
    setCatalogLoader((locale) => new Promise((resolve) => loads.set(locale, resolve)));
    i18n.load('en', (await english['../../../locales/en/messages.po']!()).messages);
    i18n.activate('en');
    render(
      <I18nProvider i18n={i18n}>
        <SettingPage />
      </I18nProvider>,
    );
    const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
    fireEvent.click(radio('Français'));
    fireEvent.click(radio('日本語'));
    expect(radio('日本語').checked).toBe(true);
    // French's catalog lands after the second tap: given up, it changes nothing.
    await settle(() => loads.get('fra')!(false));
    expect(radio('日本語').checked).toBe(true);
    expect(radio('English').checked).toBe(false);
    await settle(() => loads.get('jp')!(true));
    expect([radio('日本語').checked, $lang.get()]).toEqual([true, 'jp']);
  });
});
