import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, fireEvent, waitFor } from '@testing-library/preact';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { Page } from '../../contract/envelope.ts';
import { PagedList } from './paged-list.tsx';
import { usePaged, type DatedPage } from './use-paged.ts';

i18n.loadAndActivate({ locale: 'en', messages: {} });

function List({ load }: { load: (page: number, limit: number) => Promise<Page<number> | DatedPage<number>> }) {
  const paged = usePaged(load, [], 2);
  return (
    <PagedList paged={paged} empty="Nothing here" label="Numbers">
      {(n: number) => <li key={n}>row {n}</li>}
    </PagedList>
  );
}

const pageOf = (items: number[], page: number, total: number): Page<number> => ({ data: items, page, limit: 2, total });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PagedList', () => {
  it('reads page after page and ends with "No more data"', async () => {
    const load = vi.fn((page: number) => Promise.resolve(page === 1 ? pageOf([1, 2], 1, 3) : pageOf([3], 2, 3)));
    render(
      <I18nProvider i18n={i18n}>
        <List load={load} />
      </I18nProvider>,
    );
    await screen.findByText('row 2');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('row 3');
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(load.mock.calls.map((c) => c[0])).toEqual([1, 2]);
  });

  it('says so when the list is empty, and offers a retry when the first page fails', async () => {
    const { unmount } = render(
      <I18nProvider i18n={i18n}>
        <List load={() => Promise.resolve(pageOf([], 1, 0))} />
      </I18nProvider>,
    );
    await screen.findByText('Nothing here');
    unmount();

    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(pageOf([7], 1, 1));
    render(
      <I18nProvider i18n={i18n}>
        <List load={load} />
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('row 7')).toBeTruthy());
  });

  it('dates rows that may be old by their oldest page: offline always, online once stale', async () => {
    const hourAgo = Date.now() - 3_600_000;
    const load = vi.fn((page: number) => Promise.resolve(page === 1 ? { data: pageOf([1, 2], 1, 3), asOf: Date.now() } : { data: pageOf([3], 2, 3), asOf: hourAgo }));
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <List load={load} />
      </I18nProvider>,
    );
    await screen.findByText('row 2');
    expect(container.querySelector('.as-of')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('row 3');
    expect(container.querySelector('.as-of')?.getAttribute('data-as-of')).toBe(String(hourAgo));
  });

  it('offline, says the list will load when the network is back (no retry that cannot work), and loads it then', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(pageOf([9], 1, 1));
    render(
      <I18nProvider i18n={i18n}>
        <List load={load} />
      </I18nProvider>,
    );
    await screen.findByText('You are offline. This will load when you are back online.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    online.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await screen.findByText('row 9');
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('back online, reads again a list shown from an offline copy', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const yesterday = Date.now() - 86_400_000;
    const load = vi
      .fn()
      .mockResolvedValueOnce({ data: pageOf([1], 1, 1), asOf: yesterday })
      .mockResolvedValueOnce({ data: pageOf([2], 1, 1), asOf: Date.now() });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <List load={load} />
      </I18nProvider>,
    );
    await screen.findByText('row 1');
    expect(container.querySelector('.as-of')?.getAttribute('data-as-of')).toBe(String(yesterday));
    online.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await screen.findByText('row 2');
    expect(container.querySelector('.as-of')).toBeNull();
  });

  it('back online after a further page failed offline, reads that page again rather than starting over', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const load = vi
      .fn()
      .mockResolvedValueOnce(pageOf([1, 2], 1, 4))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(pageOf([3, 4], 2, 4));
    render(
      <I18nProvider i18n={i18n}>
        <List load={load} />
      </I18nProvider>,
    );
    await screen.findByText('row 2');
    online.mockReturnValue(false);
    dispatchEvent(new Event('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: 'Retry' });
    online.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await screen.findByText('row 4');
    expect(screen.getByText('row 1')).toBeTruthy();
    expect(load.mock.calls.map((c) => c[0])).toEqual([1, 2, 2]);
  });
});
