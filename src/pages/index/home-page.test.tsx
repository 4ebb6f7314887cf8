import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import type { Page } from '../../../contract/envelope.ts';
import type { NewsItem } from '../../../contract/api/content.ts';
import type { Served } from '../../api/client.ts';

const fetchHomeNews = vi.fn<() => Promise<Served<Page<NewsItem>>>>();
const page = (data: NewsItem[]): Served<Page<NewsItem>> => ({ data: { data, page: 1, limit: 5, total: data.length }, asOf: Date.now() });
vi.mock('../../api/content.ts', () => ({
  fetchHomeBanners: () => Promise.resolve(page([])),
  fetchHomeNews,
  fetchMenu: () => Promise.resolve([]),
  fetchNotice: () => Promise.resolve(null),
  peekHomeBanners: () => undefined,
  peekHomeNews: () => undefined,
}));
// The markets block loads a chunk and the socket of its own: not what is tested here.
vi.mock('./market-movers-slot.tsx', () => ({ MOVERS_HEIGHT_PX: 392, MarketMoversSlot: () => null }));
const { HomePage } = await import('./home-page.tsx');

const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/en/messages.po');
const item: NewsItem = { id: 3, c_id: 4, title: 'Maintenance on Sunday', summary: '', thumbnail: '', link: '', created_at: '2026-11-28 10:00:00' };
/** Past the frame the news card waits for (AfterPaint), and the reads' answers. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

beforeAll(async () => {
  i18n.load('en', (await catalogs['../../../locales/en/messages.po']!()).messages);
  i18n.activate('en', ['en']);
});
afterEach(() => {
  cleanup();
  fetchHomeNews.mockReset();
});

const renderHome = () =>
  render(
    <I18nProvider i18n={i18n}>
      <HomePage />
    </I18nProvider>,
  );

describe('HomePage news', () => {
  it('says the news failed to load, with Retry, instead of a placeholder that never ends', async () => {
    fetchHomeNews.mockRejectedValueOnce(new Error('timeout')).mockResolvedValue(page([item]));
    const { container } = renderHome();
    await settle();
    const news = screen.getByRole('heading', { name: 'News' }).closest('section')!;
    expect(news.textContent).toContain('Failed to load. Please try again.');
    expect(container.querySelector('.news-skeleton')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(news.querySelector('.news-list')?.textContent).toContain('Maintenance on Sunday');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline, says the news loads when the network returns, and loads it then', async () => {
    fetchHomeNews.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(page([item]));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderHome();
      await act(async () => {
        dispatchEvent(new Event('offline'));
      });
      await settle();
      const news = screen.getByRole('heading', { name: 'News' }).closest('section')!;
      expect(news.textContent).toContain('You are offline. This will load when you are back online.');
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

      onLine.mockReturnValue(true);
      await act(async () => {
        dispatchEvent(new Event('online'));
      });
      await settle();
      expect(news.querySelector('.news-list')?.textContent).toContain('Maintenance on Sunday');
    } finally {
      onLine.mockRestore();
    }
  });
});
