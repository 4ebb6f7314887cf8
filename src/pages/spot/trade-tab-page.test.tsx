import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component, type ComponentChildren } from 'preact';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import { Router } from 'wouter';
import { useSyncExternalStore } from 'preact/compat';
import { currentRoute, navigate } from '../../lib/hash-route.ts';
import type { PanelModule, TradePanelProps } from '../shared/trade-panels.ts';

// A chunk the network lost (the server still has it) is not reloaded for.
vi.mock('../../lib/chunk-reload.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/chunk-reload.ts')>()),
  reloadIfChunkGone: () => Promise.resolve(false),
}));
vi.mock('./trade-tab-coins.tsx', () => ({ TradeTabCoins: () => <p>coins panel</p> }));
// The page keeps a panel once it has loaded, for the whole visit: each test fails a tab of its own.
const loads = { futures: vi.fn<() => PanelModule>(), options: vi.fn<() => PanelModule>(), stocks: vi.fn<() => PanelModule>() };
vi.mock('./trade-tab-panels.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./trade-tab-panels.ts')>();
  return { ...real, TRADE_TAB_PANELS: { ...real.TRADE_TAB_PANELS, futures: () => loads.futures(), options: () => loads.options(), stocks: () => loads.stocks() } };
});
const { TradeTabPage } = await import('./trade-tab-page.tsx');

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/en/messages.po');

/** What the screen's page boundary does with an error thrown past the page: replaces it. */
class Boundary extends Component<{ children: ComponentChildren }, { failed: boolean }> {
  override state = { failed: false };
  static override getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>This page could not be loaded.</p> : this.props.children;
  }
}

// The app's hash location (app/use-hash-route.ts, which a page may not import).
const onHashChange = (callback: () => void) => {
  addEventListener('hashchange', callback);
  return () => removeEventListener('hashchange', callback);
};
const useHashPath = (): [string, typeof navigate] => [useSyncExternalStore(onHashChange, () => currentRoute().path), navigate];
const useHashSearch = () => useSyncExternalStore(onHashChange, () => currentRoute().search);

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/futures-page-abc.js');
const panel = { default: ({ query }: TradePanelProps) => <p>{query.get('tab')} panel</p> };
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeAll(async () => {
  i18n.load('en', (await catalogs['../../../locales/en/messages.po']!()).messages);
  i18n.activate('en', ['en']);
});
afterEach(cleanup);

function renderPage(tab: keyof typeof loads) {
  loads[tab].mockRejectedValueOnce(chunkError()).mockResolvedValue(panel);
  navigate(`/pages/transaction/index?tab=${tab}`, { replace: true });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={useHashPath} searchHook={useHashSearch}>
        <Boundary>
          <TradeTabPage />
        </Boundary>
      </Router>
    </I18nProvider>,
  );
}

describe('TradeTabPage', () => {
  it("shows a tab whose chunk failed to load as the tab's own error, with the chips still there, and Retry loads it", async () => {
    renderPage('futures');
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load. Please try again.');
    expect(screen.getAllByRole('tab')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByText('futures panel')).toBeTruthy();
    expect(loads.futures).toHaveBeenCalledTimes(2);
  });

  it('lets the user switch back to coins after a failure, and imports the tab afresh when it is shown again', async () => {
    renderPage('stocks');
    await settle();
    fireEvent.click(screen.getByRole('tab', { name: 'Coins' }));
    await settle();
    expect(screen.getByText('coins panel')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Stocks' }));
    await settle();
    expect(screen.getByText('stocks panel')).toBeTruthy();
    expect(loads.stocks).toHaveBeenCalledTimes(2);
  });

  it('says so offline, and loads the tab when the network comes back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderPage('options');
      await act(async () => {
        dispatchEvent(new Event('offline'));
      });
      await settle();
      expect(screen.getByRole('status').textContent).toContain('You are offline.');
      expect(screen.getAllByRole('tab')).toHaveLength(4);
      onLine.mockReturnValue(true);
      await act(async () => {
        dispatchEvent(new Event('online'));
      });
      await settle();
      expect(screen.getByText('options panel')).toBeTruthy();
    } finally {
      onLine.mockRestore();
    }
  });
});
