import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { Quotation, QuotationList } from '../../../contract/api/market.ts';
import type { Served } from '../../api/client.ts';
import { $token, endSession } from '../../stores/session.ts';
import { MarketPage } from './market-page.tsx';

const quotations = vi.fn<() => Promise<Served<QuotationList>>>();
const favourites = vi.fn<() => Promise<Served<Quotation[]>>>();
vi.mock('../../api/market.ts', () => ({
  fetchQuotations: () => quotations(),
  peekQuotations: () => undefined,
  fetchFavourites: () => favourites(),
  addFavourite: vi.fn(),
  removeFavourite: vi.fn(),
}));
// The tickers stream is the socket's business, not this screen's test.
vi.mock('../shared/use-quote.ts', () => ({ useTickers: () => undefined }));

const pairs: Served<QuotationList> = { data: { list: [], seq: 0 } as unknown as QuotationList, asOf: Date.now() };
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const panel = () => within(screen.getByRole('tabpanel'));
const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <MarketPage />
    </I18nProvider>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  history.replaceState(null, '', '/?tab=favourites');
  $token.set('T0K3N');
});
afterEach(() => {
  cleanup();
  endSession();
  quotations.mockReset();
  favourites.mockReset();
});

describe('MarketPage favourites tab', () => {
  it('says the favourites failed to load, with Retry, rather than "No favourites yet"', async () => {
    quotations.mockResolvedValue(pairs);
    favourites.mockRejectedValueOnce(new Error('network'));
    show();
    await flush();
    expect(panel().queryByText(/No favourites yet/)).toBeNull();
    favourites.mockResolvedValueOnce({ data: [], asOf: Date.now() });
    fireEvent.click(panel().getByRole('button', { name: 'Retry' }));
    await flush();
    // Now known to be empty, it may say so.
    expect(panel().getByText(/No favourites yet/)).toBeTruthy();
  });

  it('loads the favourites again when the network comes back', async () => {
    quotations.mockResolvedValue(pairs);
    favourites.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce({ data: [], asOf: Date.now() });
    show();
    await flush();
    expect(panel().getByRole('button', { name: 'Retry' })).toBeTruthy();
    await act(async () => {
      dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(favourites).toHaveBeenCalledTimes(2);
    expect(panel().queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(panel().getByText(/No favourites yet/)).toBeTruthy();
  });

  it("the list's Retry also asks again for favourites that failed", async () => {
    quotations.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(pairs);
    favourites.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce({ data: [], asOf: Date.now() });
    show();
    await flush();
    fireEvent.click(panel().getByRole('button', { name: 'Retry' }));
    await flush();
    expect(favourites).toHaveBeenCalledTimes(2);
    expect(panel().getByText(/No favourites yet/)).toBeTruthy();
  });
});
