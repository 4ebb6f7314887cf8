import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import type { OptionPeriod, PayableCurrency } from '../../../contract/api/contracts.ts';

const fetchSeconds = vi.fn<(currencyId?: number) => Promise<OptionPeriod[]>>();
vi.mock('../../api/options.ts', () => ({ fetchSeconds, submitOptionAction: () => () => new Promise(() => undefined) }));
const { OptionsOrderForm } = await import('./options-order-form.tsx');

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/en/messages.po');

const currencies: PayableCurrency[] = [
  { currency_id: 1, currency: 'USDT', decimals: 2, available: '100' },
  { currency_id: 2, currency: 'BTC', decimals: 8, available: '1' },
];
const period = (currency: PayableCurrency): OptionPeriod => ({ seconds: 30, profit_rate: '0.15', currency_id: currency.currency_id, currency: currency.currency, min_stake: '10', max_stake: '1000' });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeAll(async () => {
  i18n.load('en', (await catalogs['../../../locales/en/messages.po']!()).messages);
  i18n.activate('en', ['en']);
});
afterEach(() => {
  cleanup();
  fetchSeconds.mockReset();
});

function renderForm() {
  render(
    <I18nProvider i18n={i18n}>
      <OptionsOrderForm symbol="BTC/USDT" tickSize="0.1" mark="60000" currencies={currencies} signedIn loginHref="#/pages/common/login" onPlaced={() => undefined} />
    </I18nProvider>,
  );
}

describe('OptionsOrderForm', () => {
  it('says the expiry choices failed to load, and Retry reads them again', async () => {
    fetchSeconds.mockRejectedValueOnce(new Error('timeout')).mockResolvedValue([period(currencies[0]!)]);
    renderForm();
    await settle();
    const expiry = screen.getByRole('group', { name: 'Expiry' });
    expect(expiry.textContent).toContain('Failed to load. Please try again.');
    expect(screen.getByRole('button', { name: 'Buy up' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByRole('radio', { name: /30s/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Buy up' }).hasAttribute('disabled')).toBe(false);
  });

  it("does not offer the last currency's expiry choices and limits when those of the one chosen failed to load", async () => {
    fetchSeconds.mockResolvedValueOnce([period(currencies[0]!)]).mockRejectedValueOnce(new Error('timeout'));
    renderForm();
    await settle();
    expect(screen.getByText(/10\.00 USDT – 1,000\.00 USDT/)).toBeTruthy();

    // A native change event: the preact testing library turns fireEvent.change into an input event once compat is in play.
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Stake currency' });
    await act(() => {
      select.value = '2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(fetchSeconds).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('group', { name: 'Expiry' }).textContent).toContain('Failed to load. Please try again.');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('-- – --')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy up' }).hasAttribute('disabled')).toBe(true);
  });
});
