import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import type { Quotation } from '../../../contract/api/market.ts';
import { $lang } from '../../stores/lang.ts';
import { SpotOrderForm } from './spot-order-form.tsx';

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po');

const pair: Quotation = {
  symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', currency_id: 2, legal_id: 1, category: 'coin', tick_size: '0.1', lot_size: '0.00001', min_notional: '5',
  maker_fee: '0.0008', taker_fee: '0.001', image: '', last: '59333.4', change_pct: '0.10', open_24h: '59000', high_24h: '60203.5', low_24h: '58853.2',
  volume_24h: '962.16', quote_volume_24h: '57000000',
};

async function renderForm(lang: 'en' | 'fra', tag: string): Promise<void> {
  i18n.load(lang, (await catalogs[`../../../locales/${lang}/messages.po`]!()).messages);
  i18n.activate(lang, [tag]);
  $lang.set(lang);
  render(
    <I18nProvider i18n={i18n}>
      <SpotOrderForm pair={pair} last={pair.last} signedIn={false} funds={null} fundsAsOf={null} pickedPrice={null} onPlaced={() => undefined} loginHref="#/pages/common/login" />
    </I18nProvider>,
  );
}

async function feeLabel(lang: 'en' | 'fra', tag: string): Promise<string | null> {
  await renderForm(lang, tag);
  return screen.getByText(/^(Fee|Frais) \(/).textContent;
}

afterEach(() => {
  cleanup();
  $lang.set('en');
});

describe('SpotOrderForm', () => {
  it("shows the fee rate as a number of the reader's language", async () => {
    expect(await feeLabel('en', 'en')).toBe('Fee (0.1%)');
    cleanup();
    expect(await feeLabel('fra', 'fr')).toBe('Frais (0,1%)');
  });

  it('switches between a limit order (with its price) and a market order (at the best price) with one tap', async () => {
    await renderForm('fra', 'fr');
    const type = screen.getByRole('radiogroup', { name: 'Type d’ordre' });
    const [limit, market] = [screen.getByRole('radio', { name: 'Limite' }), screen.getByRole('radio', { name: 'Marché' })];
    expect(type.contains(limit) && type.contains(market)).toBe(true);
    expect(limit.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText('Prix (USDT)')).toBeTruthy();
    fireEvent.click(market);
    expect(market.getAttribute('aria-checked')).toBe('true');
    expect(limit.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByLabelText('Prix (USDT)')).toBeNull();
    expect(screen.getByText('Au meilleur prix du marché')).toBeTruthy();
  });
});
