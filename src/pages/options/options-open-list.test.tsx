import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import type { Page } from '../../../contract/envelope.ts';
import type { OptionOrder } from '../../../contract/api/contracts.ts';
import type { Served } from '../../api/client.ts';

const fetchOptions = vi.fn<() => Promise<Served<Page<OptionOrder>>>>();
vi.mock('../../api/options.ts', () => ({ fetchOptions, fetchOptionResult: () => new Promise(() => undefined) }));
/** What the socket does when it joins the user's room again: the list is read again. */
let rejoin = () => undefined as void;
vi.mock('../../realtime/contract-events.ts', () => ({
  holdContractEvents: (_token: string, handlers: { rejoined?: () => void }) => {
    rejoin = () => handlers.rejoined?.();
    return () => undefined;
  },
}));
const { useOptionsLive } = await import('./options-live.ts');
const { OptionsOpenList } = await import('./options-open-list.tsx');

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/en/messages.po');

const option: OptionOrder = {
  id: 7, match_id: 1, symbol: 'BTC/USDT', currency_id: 1, currency: 'USDT', type: 'up', seconds: 30, number: '10', profit_rate: '0.1',
  expected_profit: '1', buy_price: '60000', sell_price: null, state: 'open', outcome: null, profit: null,
  created_at: '2026-11-28 10:00:00', expires_at: '2026-11-28 10:00:30', expires_at_ms: Date.now() + 30_000, settled_at: null,
};
const served = (data: OptionOrder[]): Served<Page<OptionOrder>> => ({ data: { data, page: 1, limit: 5, total: data.length }, asOf: Date.now() });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

function OpenOptions() {
  const live = useOptionsLive('token', () => undefined);
  return <OptionsOpenList live={live} />;
}

beforeAll(async () => {
  i18n.load('en', (await catalogs['../../../locales/en/messages.po']!()).messages);
  i18n.activate('en', ['en']);
});
afterEach(() => {
  cleanup();
  fetchOptions.mockReset();
});

const renderList = () =>
  render(
    <I18nProvider i18n={i18n}>
      <OpenOptions />
    </I18nProvider>,
  );

describe('OptionsOpenList', () => {
  it('says the options in progress failed to load, not that there are none, and Retry reads them', async () => {
    fetchOptions.mockRejectedValueOnce(new Error('timeout')).mockResolvedValue(served([option]));
    renderList();
    await settle();
    expect(screen.queryByText('No options in progress')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load. Please try again.');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByTestId('options-open').querySelectorAll('[data-option="7"]')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline, reads the list again when the network returns, without waiting for the socket', async () => {
    fetchOptions.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(served([]));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderList();
      await settle();
      expect(screen.getByRole('status').textContent).toContain('You are offline. This will load when you are back online.');
      expect(screen.queryByText('No options in progress')).toBeNull();

      onLine.mockReturnValue(true);
      await act(async () => {
        dispatchEvent(new Event('online'));
      });
      await settle();
      expect(fetchOptions).toHaveBeenCalledTimes(2);
      expect(screen.getByText('No options in progress')).toBeTruthy();
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it('keeps the options it knows when a later read fails, and says the list may be out of date', async () => {
    fetchOptions.mockResolvedValueOnce(served([option])).mockRejectedValueOnce(new Error('timeout'));
    renderList();
    await settle();
    await act(() => rejoin());
    await settle();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('options-open').querySelectorAll('[data-option="7"]')).toHaveLength(1);
  });

  it("takes only the latest read: an older one answering late (another user's, before a sign-in over it) is dropped", async () => {
    let answerFirst: (value: Served<Page<OptionOrder>>) => void = () => undefined;
    fetchOptions.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve))).mockResolvedValueOnce(served([{ ...option, id: 8 }]));
    function Switching({ token }: { token: string }) {
      const live = useOptionsLive(token, () => undefined);
      return <p>{live.open === null ? 'unknown' : live.open.map((o) => o.id).join(',') || 'none'}</p>;
    }
    const { rerender } = render(<Switching token="first" />);
    rerender(<Switching token="second" />);
    await settle();
    expect(screen.getByText('8')).toBeTruthy();
    answerFirst(served([option]));
    await settle();
    expect(screen.getByText('8')).toBeTruthy();
    expect(screen.queryByText(/7/)).toBeNull();
  });
});
