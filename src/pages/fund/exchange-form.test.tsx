import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ApiError } from '../../api/client.ts';
import { ExchangeForm } from './exchange-form.tsx';

i18n.loadAndActivate({ locale: 'en', messages: {} });

const quote = vi.fn();
// The money format reads the kept fiat rates; jsdom has no IndexedDB.
vi.mock('idb-keyval', () => ({ createStore: () => undefined, get: async () => undefined, set: async () => undefined, del: async () => undefined }));
vi.mock('../../api/content.ts', () => ({
  fetchCoins: async () => [
    { id: 1, name: 'BTC', status: 1, type: 'coin', decimals: 8 },
    { id: 2, name: 'USDT', status: 1, type: 'coin', decimals: 2 },
  ],
}));
vi.mock('../../api/wallet.ts', () => ({
  fetchOverviewServed: async () => ({ data: { accounts: [{ account: 'change', balances: [{ currency_id: 1, available: '5', frozen: '0' }] }] }, asOf: Date.now() }),
  fetchExchangeQuote: (...args: unknown[]) => quote(...args),
  exchangeAction: () => vi.fn(),
}));

afterEach(cleanup);

describe('ExchangeForm', () => {
  it('a tap after the server refused the quote keeps its reason, and does not ask again for the same refusal', async () => {
    quote.mockRejectedValue(new ApiError('WALLET.AMOUNT_TOO_SMALL', 'The amount is below the minimum'));
    render(
      <I18nProvider i18n={i18n}>
        <ExchangeForm query={new URLSearchParams()} />
      </I18nProvider>,
    );
    fireEvent.input(await screen.findByLabelText('Amount', { exact: false }), { target: { value: '0.00001' } });
    await screen.findByText('The amount is below the minimum', {}, { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await new Promise((r) => setTimeout(r, 600));
    expect(quote).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Waiting for a price quote. Please try again in a moment.')).toBeNull();
    expect(screen.getByText('The amount is below the minimum')).toBeTruthy();
  });

  it('a tap after the quote failed on the network asks for it again', async () => {
    quote.mockReset();
    quote.mockRejectedValueOnce(new ApiError('NETWORK', 'Network error, please try again later')).mockResolvedValue({ from_currency: 'BTC', to_currency: 'USDT', price: '1', fee: '0', receive: '1' });
    render(
      <I18nProvider i18n={i18n}>
        <ExchangeForm query={new URLSearchParams()} />
      </I18nProvider>,
    );
    fireEvent.input(await screen.findByLabelText('Amount', { exact: false }), { target: { value: '1' } });
    await screen.findByText('Network error, please try again later', {}, { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await waitFor(() => expect(quote).toHaveBeenCalledTimes(2), { timeout: 2000 });
  });
});
